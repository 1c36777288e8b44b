// An app for the fake server's launched-app test: it finds its API's address in the environment
// variable TODO_API_URL, as a real app finds its server's, fetches the user with id 42, prints
// the status and the body, and exits.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

guard let base = ProcessInfo.processInfo.environment["TODO_API_URL"],
  let url = URL(string: base + "/users/42")
else {
  print("TODO_API_URL is not set")
  exit(2)
}
let (data, response) = try await URLSession.shared.data(from: url)
let status = (response as? HTTPURLResponse)?.statusCode ?? 0
print("fetched: \(status) \(String(decoding: data, as: UTF8.self))")
