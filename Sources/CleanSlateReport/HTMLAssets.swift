/// The report page's style sheet and script, inlined into every report.
enum HTMLAssets {
  static let css = #"""
    :root { --passed: #3a9d5d; --failed: #d33f3f; --timedOut: #e0851b; --skipped: #9aa0a6;
      --knownIssue: #8a63d2; --unfinished: #b0b0b0; --setup: #4a78c9; --shared: #8fb0e6;
      --teardown: #7d8a9e; --wait: #e3b341; --ink: #1f2328; --muted: #59636e; --line: #d8dee4; }
    * { box-sizing: border-box; }
    body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink);
      margin: 0; padding: 0 24px 48px; }
    header h1 { margin: 20px 0 4px; font-size: 22px; }
    h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
    h3 { font-size: 14px; margin: 14px 0 4px; }
    .counts, .note, .hint, .none { color: var(--muted); }
    .toolbar { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin-bottom: 8px; }
    .toolbar button { font: inherit; padding: 2px 10px; border: 1px solid var(--line); background: #f6f8fa;
      border-radius: 6px; cursor: pointer; }
    .legend { margin-left: auto; color: var(--muted); font-size: 12px; }
    .legend i { display: inline-block; width: 12px; height: 10px; margin: 0 3px 0 10px; border-radius: 2px; }
    .run { margin-bottom: 18px; }
    .run h3 { margin: 6px 0; }
    .process { margin: 4px 0 10px; }
    .process-label { font-size: 12px; color: var(--muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    svg.lanes { display: block; width: 100%; background: #fafbfc; border: 1px solid var(--line); border-radius: 4px;
      cursor: grab; user-select: none; }
    svg.lanes text { font-size: 10px; fill: var(--muted); }
    .tick { stroke: #e6e9ed; }
    .bar { cursor: pointer; }
    .bar-bg { fill: var(--passed); }
    .o-failed .bar-bg, i.o-failed { fill: var(--failed); background: var(--failed); }
    .o-timedOut .bar-bg, i.o-timedOut { fill: var(--timedOut); background: var(--timedOut); }
    .o-skipped .bar-bg, i.o-skipped { fill: var(--skipped); background: var(--skipped); }
    .o-knownIssue .bar-bg, i.o-knownIssue { fill: var(--knownIssue); background: var(--knownIssue); }
    .o-unfinished .bar-bg { fill: var(--unfinished); }
    .seg-setup { fill: var(--setup); background: var(--setup); }
    .seg-shared { fill: var(--shared); background: var(--shared); }
    .seg-teardown { fill: var(--teardown); background: var(--teardown); }
    .seg-wait { fill: var(--wait); background: var(--wait); }
    i.seg-body { background: var(--passed); }
    .seg-failed { stroke: var(--failed); stroke-width: 2; }
    .seg-timedOut { stroke: var(--timedOut); stroke-width: 2; }
    .bar.selected .bar-bg, .bar.selected > rect:first-child { stroke: #111; stroke-width: 2; }
    .cluster { fill: var(--passed); opacity: .75; cursor: zoom-in; }
    .cluster.has-failure { fill: var(--failed); }
    body.with-panel { margin-right: min(484px, 47vw); }
    #panel { position: fixed; top: 12px; right: 12px; width: min(460px, 45vw); max-height: calc(100vh - 24px);
      overflow: auto; background: #fff; border: 1px solid var(--line); border-radius: 8px;
      box-shadow: 0 6px 24px rgba(0,0,0,.15); padding: 12px 16px; }
    #panel h2 { margin-top: 0; font-size: 15px; word-break: break-all; }
    #panel .close { float: right; }
    #panel table { font-size: 12px; width: 100%; }
    #panel td.at { word-break: break-all; }
    #panel pre { white-space: pre-wrap; background: #f6f8fa; padding: 6px 8px; border-radius: 4px; font-size: 12px; }
    table { border-collapse: collapse; }
    th, td { text-align: left; padding: 3px 10px 3px 0; border-bottom: 1px solid #eef1f4; vertical-align: top; }
    th.n, td.n { text-align: right; font-variant-numeric: tabular-nums; }
    .at { color: var(--muted); font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
    td.o-passed { color: var(--passed); } td.o-failed { color: var(--failed); } td.o-timedOut { color: var(--timedOut); }
    ul.problems li { margin: 2px 0; }
    ul.problems pre.note { white-space: pre-wrap; margin: 2px 0 4px 16px; font-size: 12px; }
    dl.causes dt { font-weight: 600; margin-top: 10px; } dl.causes dt span { font-weight: normal; color: var(--failed); }
    dl.causes dd { margin: 2px 0 0 16px; } dl.causes p { margin: 2px 0; }
    dl.causes pre.note { white-space: pre-wrap; word-break: break-all; margin: 2px 0; font-size: 12px; }
    #warnings { color: #8a5a00; }
    """#

  static let script = #"""
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("report-data").textContent);
      var S = data.strings, LANE = 22, BAR = 16, AXIS = 16, MIN_BAR = 3;
      function str(i) { return i >= 0 ? S[i] : null; }
      function fmt(us) {
        if (us >= 10e6) return (us / 1e6).toFixed(2) + " s";
        return (us / 1e3).toFixed(2) + " ms";
      }
      function esc(t) {
        return String(t).replace(/[&<>"']/g, function (c) {
          return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
        });
      }

      // Runs, each with its processes on one time axis (microseconds from the run's start).
      var runs = [], runByName = {};
      data.processes.forEach(function (p, index) {
        var run = runByName[p.run];
        if (!run) { run = runByName[p.run] = { name: p.run, start: p.start, end: p.start, processes: [] }; runs.push(run); }
        run.start = Math.min(run.start, p.start);
        run.end = Math.max(run.end, p.start + p.length);
        p.index = index; p.run = run; p.laneTests = [];
        for (var l = 0; l < p.lanes; l++) p.laneTests.push([]);
        run.processes.push(p);
      });
      runs.forEach(function (run) { run.length = Math.max(1, run.end - run.start); run.view = [0, run.length]; });
      var tests = {}, ordered = [];
      data.tests.forEach(function (t) {
        var p = data.processes[t[2]], offset = p.start - p.run.start;
        var test = { id: t[0], name: S[t[1]], process: p, lane: t[3], start: t[4] + offset, end: t[5] + offset,
          outcome: data.outcomes[t[6]], suite: str(t[7]), segments: t[8], issues: t[9], notes: t[10], offset: offset };
        tests[test.id] = test; ordered.push(test);
        p.laneTests[test.lane].push(test);
      });
      data.processes.forEach(function (p) {
        p.laneTests.forEach(function (lane) { lane.sort(function (a, b) { return a.start - b.start; }); });
      });

      // Drawing: only what is in view; tests narrower than a few pixels merge into clusters.
      var container = document.getElementById("runs"), selected = null;
      runs.forEach(function (run, index) {
        var section = document.createElement("div");
        section.className = "run";
        section.innerHTML = "<h3>Run " + esc(run.name) + " · " + new Date(run.start / 1000).toISOString() +
          " · " + fmt(run.length) + "</h3>";
        run.processes.forEach(function (p) {
          var block = document.createElement("div");
          block.className = "process";
          block.innerHTML = '<div class="process-label" title="' + esc(p.label) + '">' + esc(p.label) + "</div>";
          var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
          svg.setAttribute("class", "lanes");
          svg.setAttribute("height", AXIS + p.lanes * LANE + 4);
          block.appendChild(svg);
          section.appendChild(block);
          p.svg = svg;
          attachInteractions(run, p, svg);
        });
        container.appendChild(section);
      });

      function firstVisible(lane, from) {
        var low = 0, high = lane.length;
        while (low < high) { var mid = (low + high) >> 1; if (lane[mid].end < from) low = mid + 1; else high = mid; }
        return low;
      }

      function drawRun(run) { run.processes.forEach(function (p) { drawProcess(run, p); }); }

      function drawProcess(run, p) {
        var width = p.svg.clientWidth || 1000, v0 = run.view[0], v1 = run.view[1];
        var scale = width / (v1 - v0), parts = [];
        var step = niceStep((v1 - v0) / 8);
        for (var t = Math.ceil(v0 / step) * step; t <= v1; t += step) {
          var x = (t - v0) * scale;
          parts.push('<line class="tick" x1="' + x + '" x2="' + x + '" y1="0" y2="' + (AXIS + p.lanes * LANE) + '"/>');
          parts.push('<text x="' + (x + 2) + '" y="11">' + tick(t, step) + "</text>");
        }
        p.laneTests.forEach(function (lane, laneIndex) {
          var y = AXIS + laneIndex * LANE + 2, cluster = null;
          function flush() {
            if (!cluster) return;
            parts.push('<rect class="cluster' + (cluster.failed ? " has-failure" : "") + '" data-from="' + cluster.from +
              '" data-to="' + cluster.to + '" x="' + cluster.x0 + '" y="' + (y + 4) + '" width="' +
              Math.max(2, cluster.x1 - cluster.x0) + '" height="' + (BAR - 8) + '"><title>' + cluster.count +
              " tests (click to zoom in)</title></rect>");
            cluster = null;
          }
          for (var i = firstVisible(lane, v0); i < lane.length; i++) {
            var test = lane[i];
            if (test.start > v1) break;
            var x0 = Math.max(-2, (test.start - v0) * scale), x1 = Math.min(width + 2, (test.end - v0) * scale);
            var bad = test.outcome === "failed" || test.outcome === "timedOut";
            if (x1 - x0 < MIN_BAR) {
              if (cluster && x0 - cluster.x1 < 2 && cluster.x1 - cluster.x0 < 4) {
                cluster.x1 = Math.max(cluster.x1, x1); cluster.to = test.end; cluster.count++; cluster.failed = cluster.failed || bad;
              } else {
                flush();
                cluster = { x0: x0, x1: x1, from: test.start, to: test.end, count: 1, failed: bad };
              }
              continue;
            }
            flush();
            parts.push(bar(test, x0, x1, y, v0, scale));
          }
          flush();
        });
        p.svg.innerHTML = parts.join("");
      }

      function bar(test, x0, x1, y, v0, scale) {
        var out = '<g class="bar o-' + test.outcome + (selected === test.id ? " selected" : "") + '" data-test="' + test.id + '">' +
          '<rect class="bar-bg" x="' + x0 + '" y="' + y + '" width="' + (x1 - x0) + '" height="' + BAR + '"/>';
        if (x1 - x0 >= 12) {
          var s = test.segments;
          // Waits last, over the setups they are part of.
          for (var pass = 0; pass < 2; pass++) {
            for (var k = 0; k < s.length; k += 8) {
              if (s[k] === 1) continue;  // the body keeps the outcome's colour
              if ((s[k] === 3) !== (pass === 1)) continue;
              var sx0 = Math.max(x0, (s[k + 3] + test.offset - v0) * scale), sx1 = Math.min(x1, (s[k + 4] + test.offset - v0) * scale);
              if (sx1 - sx0 < 0.5) continue;
              var kind = s[k] === 0 ? (s[k + 2] > 0 ? "seg-shared" : "seg-setup") : s[k] === 3 ? "seg-wait" : "seg-teardown";
              var outcome = data.segmentOutcomes[s[k + 5]];
              if (outcome !== "passed") kind += " seg-" + outcome;
              out += '<rect class="seg ' + kind + '" x="' + sx0 + '" y="' + (y + 2) + '" width="' + (sx1 - sx0) + '" height="' + (BAR - 4) + '"/>';
            }
          }
        }
        return out + "<title>" + esc(test.name) + " — " + fmt(test.end - test.start) + " · " + test.outcome + "</title></g>";
      }

      function tick(us, step) {
        if (step >= 1e6) return (us / 1e6).toFixed(step % 1e6 ? 1 : 0) + " s";
        if (step >= 1e3) return (us / 1e3).toFixed(step % 1e3 ? 1 : 0) + " ms";
        return us.toFixed(0) + " µs";
      }

      function niceStep(raw) {
        var power = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1)))), n = raw / power;
        return (n < 2 ? 2 : n < 5 ? 5 : 10) * power;
      }

      function setView(run, from, to) {
        var length = Math.max(to - from, 20);
        from = Math.max(0, Math.min(from, run.length - length));
        run.view = [from, Math.min(run.length, from + length)];
        drawRun(run);
      }

      function attachInteractions(run, p, svg) {
        svg.addEventListener("wheel", function (e) {
          e.preventDefault();
          var rect = svg.getBoundingClientRect(), at = (e.clientX - rect.left) / rect.width;
          var v = run.view, span = v[1] - v[0], factor = e.deltaY < 0 ? 0.8 : 1.25, next = span * factor;
          var center = v[0] + span * at;
          setView(run, center - next * at, center - next * at + next);
        }, { passive: false });
        var drag = null;
        svg.addEventListener("mousedown", function (e) { drag = { x: e.clientX, view: run.view.slice(), moved: false }; });
        window.addEventListener("mousemove", function (e) {
          if (!drag) return;
          var dx = e.clientX - drag.x;
          if (Math.abs(dx) > 3) drag.moved = true;
          if (!drag.moved) return;
          var span = drag.view[1] - drag.view[0], shift = -dx / svg.clientWidth * span;
          setView(run, drag.view[0] + shift, drag.view[1] + shift);
        });
        window.addEventListener("mouseup", function () { setTimeout(function () { drag = null; }, 0); });
        svg.addEventListener("click", function (e) {
          if (drag && drag.moved) return;
          var target = e.target.closest("[data-test]"), cluster = e.target.closest(".cluster");
          if (target) location.hash = "test-" + target.getAttribute("data-test");
          else if (cluster) {
            var from = +cluster.getAttribute("data-from"), to = +cluster.getAttribute("data-to"), pad = (to - from) * 0.05 + 1;
            setView(run, from - pad, to + pad);
          }
        });
      }

      function zoomAll(factor) {
        runs.forEach(function (run) {
          var v = run.view, span = v[1] - v[0], center = (v[0] + v[1]) / 2, next = span * factor;
          if (factor === 0) setView(run, 0, run.length); else setView(run, center - next / 2, center + next / 2);
        });
      }
      document.getElementById("zoom-all").onclick = function () { zoomAll(0); };
      document.getElementById("zoom-in").onclick = function () { zoomAll(0.5); };
      document.getElementById("zoom-out").onclick = function () { zoomAll(2); };

      // The details of one test, and zooming to it.
      var panel = document.getElementById("panel");
      function zoomTo(test) {
        // The test in the middle quarter of the view, its neighbours around it.
        var run = test.process.run, span = test.end - test.start, pad = Math.max(span * 1.5, 50);
        setView(run, test.start - pad, test.end + pad);
      }
      function show(id) {
        var test = tests[id];
        if (!test) return;
        selected = id;
        zoomTo(test);
        var rows = "", s = test.segments;
        for (var k = 0; k < s.length; k += 8) {
          var kinds = ["setup", "body", "teardown", "wait"], scopes = ["test", "suite", "process"];
          rows += "<tr><td>" + kinds[s[k]] + "</td><td>" + esc(S[s[k + 1]]) + "</td><td>" + scopes[s[k + 2]] +
            '</td><td class="n">' + fmt(s[k + 4] - s[k + 3]) + "</td><td>" + data.segmentOutcomes[s[k + 5]] +
            '</td><td class="at">' + esc(str(s[k + 6]) || "") + "</td></tr>";
          if (str(s[k + 7])) rows += '<tr><td></td><td colspan="5"><pre>' + esc(str(s[k + 7])) + "</pre></td></tr>";
        }
        var issues = "";
        for (var j = 0; j < test.issues.length; j += 4) {
          issues += '<li class="issue"><pre>' + esc(S[test.issues[j]]) + "</pre>" +
            (str(test.issues[j + 1]) ? '<span class="at">' + esc(str(test.issues[j + 1])) + "</span>" : "") +
            (test.issues[j + 2] ? " (known issue)" : "") + (str(test.issues[j + 3]) ? " · " + esc(str(test.issues[j + 3])) : "") + "</li>";
        }
        var notes = "";
        for (var n = 0; n < test.notes.length; n += 2) {
          notes += '<li class="note"><pre>' + esc(S[test.notes[n]]) + "</pre>" +
            (str(test.notes[n + 1]) ? '<span class="at">' + esc(str(test.notes[n + 1])) + "</span>" : "") + "</li>";
        }
        panel.innerHTML = '<button type="button" class="close">Close</button><h2 id="panel-test">' + esc(test.name) + "</h2>" +
          '<p><span class="o-' + test.outcome + '" id="panel-outcome">' + test.outcome + "</span> · " + fmt(test.end - test.start) +
          (test.suite ? " · suite " + esc(test.suite) : "") + "<br><span class=\"at\">" + esc(test.process.label) + "</span></p>" +
          '<button type="button" class="zoom">Zoom to this test</button>' +
          (issues ? "<h3>Issues</h3><ul id=\"panel-issues\">" + issues + "</ul>" : "") +
          (notes ? "<h3>Notes</h3><ul id=\"panel-notes\">" + notes + "</ul>" : "") +
          '<h3>Steps</h3><table id="panel-steps"><thead><tr><th>step</th><th>name</th><th>scope</th><th class="n">time</th><th>outcome</th><th>at</th></tr></thead><tbody>' +
          rows + "</tbody></table>";
        panel.hidden = false;
        document.body.classList.add("with-panel");
        runs.forEach(drawRun);
        panel.querySelector(".close").onclick = function () {
          panel.hidden = true; selected = null; history.replaceState(null, "", "#");
          document.body.classList.remove("with-panel");
          runs.forEach(drawRun);
        };
        panel.querySelector(".zoom").onclick = function () { zoomTo(test); };
      }
      function fromHash() {
        var match = /^#test-(\d+)$/.exec(location.hash);
        if (match) show(+match[1]);
      }
      window.addEventListener("hashchange", fromHash);
      window.addEventListener("resize", function () { runs.forEach(drawRun); });
      runs.forEach(drawRun);
      fromHash();
    })();
    """#
}
