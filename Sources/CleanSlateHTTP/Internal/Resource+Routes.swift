#if HTTP
  import Foundation
  import HTTPTypes

  extension FakeServer.Resource {
    typealias Answer = @Sendable (FakeServer.Request) throws -> FakeServer.Response

    /// The routes that serve the collection: create, list, read, replace, update, delete.
    func routes(
      collection: RoutePattern, item: RoutePattern
    ) -> [(HTTPRequest.Method, RoutePattern, Answer)] {
      [
        (.get, collection, { _ in .json(.array(self.records.map(JSONValue.object))) }),
        (
          .post, collection,
          { request in
            var record = try Self.object(try request.json)
            record[self.idKey] = nil
            let created = self.insert(record)
            var response = FakeServer.Response.json(.object(created), status: .created)
            response.headers[.location] = "\(self.path)/\(Self.key(of: created[self.idKey]) ?? "")"
            return response
          }
        ),
        (.get, item, { request in self.answer(request) { self[id: $0] } }),
        (
          .put, item,
          { request in
            let record = try Self.object(try request.json)
            return self.answer(request) { self.update(id: $0) { $0 = record } }
          }
        ),
        (
          .patch, item,
          { request in
            let patch = try Self.object(try request.json)
            return self.answer(request) { id in
              self.update(id: id) { record in
                for (key, value) in patch {
                  if value == .null { record.removeValue(forKey: key) } else { record[key] = value }
                }
              }
            }
          }
        ),
        (
          .delete, item,
          { request in
            self.answer(request, status: .noContent) { self.remove(id: .string($0)) }
          }
        ),
      ]
    }

    /// The object `find` returns for the request's id, or 404.
    private func answer(
      _ request: FakeServer.Request,
      status: HTTPResponse.Status = .ok,
      _ find: (String) -> [String: JSONValue]?
    ) -> FakeServer.Response {
      let id = request.parameters["id"] ?? ""
      guard let record = find(id) else {
        return .error("No object with id '\(id)' in \(path).", status: .notFound)
      }
      return status == .noContent ? .empty : .json(.object(record), status: status)
    }
  }
#endif
