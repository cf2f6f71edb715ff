#!/usr/bin/env python3
"""Browser test of the HTML report: racefree check --html on a racy example, the page
opened in headless Chromium from a file:// URL and driven through chromedriver's W3C
WebDriver HTTP API (standard library only).

Checks: the page loads nothing (no resource entries, no http(s) reference); the
witness panel exists and is visible with its source pane; at each step, reached by
clicking Next (then Previous), the current row, the step counter, the acting thread's
lane and the highlighted source line are those of the witness step in the JSON report
of the same run; a screenshot of the viewport is a PNG of the window's size, and a
screenshot of the witness panel is not blank and shows the current-step highlight in
both its lanes table and its source pane. It fails if the panel does not render.
Layout, at each step and on the whole page: every lanes table fits its box (no
horizontal scrolling: scrollWidth <= clientWidth), no thread badge in the source pane
overlaps the text of a line, and a source line longer than 200 characters wraps (its
box is taller than one line) in the listings and in the source pane. The summary (the
index): clicking the Verdict header sorts the rows by severity, again reverses them, and
clicking Location sorts them by name. With --wide (a witness with 4 or more threads and
a line over 200 characters, e.g. tests/c-programs/html_wide_witness.c) the test also
requires those, and that sorting by verdict changes the page's order.

Chromium and chromedriver are Debian's (chromium, chromium-driver): installed with
apt-get when missing and running as root, otherwise the test fails with the command
to run.
Usage: html-chromium.py [--wide] RACEFREE_BINARY SOURCE_ROOT [INPUT...] (default examples/counter.sml)
"""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import zlib

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PACKAGES = ["chromium", "chromium-driver"]
WIDTH, HEIGHT = 1280, 900
HIGHLIGHT = (0xFF, 0xF0, 0xA8)   # --cur in the page's style: the current step and line


class Failure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failure(what)
    print("ok: " + what)


def ensure_browser():
    if os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK):
        return
    if os.geteuid() != 0:
        raise Failure("Chromium is missing; install it with:\n  sudo apt-get install -y "
                      + " ".join(PACKAGES))
    print("installing " + " ".join(PACKAGES), flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in (["apt-get", "update", "-qq"],
                ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + PACKAGES):
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            raise Failure("%s failed:\n%s%s" % (" ".join(cmd), proc.stdout, proc.stderr))
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        raise Failure("apt-get installed %s but %s or %s is missing"
                      % (" ".join(PACKAGES), CHROMIUM, CHROMEDRIVER))


# ---- WebDriver ----

class WebDriver:
    def __init__(self, port):
        self.base = "http://127.0.0.1:%d" % port
        self.session = None

    def call(self, method, path, body=None, timeout=60):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.loads(resp.read().decode())["value"]
        except urllib.error.HTTPError as e:
            raise Failure("WebDriver %s %s: %s" % (method, path, e.read().decode()[:2000]))

    def s(self, method, path, body=None):
        return self.call(method, "/session/%s%s" % (self.session, path), body)

    def start(self, profile):
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--hide-scrollbars", "--force-device-scale-factor=1",
                         "--window-size=%d,%d" % (WIDTH, HEIGHT), "--user-data-dir=" + profile],
            }}}}
        self.session = self.call("POST", "/session", caps, timeout=120)["sessionId"]

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find(self, css):
        v = self.s("POST", "/element", {"using": "css selector", "value": css})
        return next(iter(v.values()))

    def click(self, css):
        self.s("POST", "/element/%s/click" % self.find(css), {})

    def screenshot(self, css=None):
        path = "/screenshot" if css is None else "/element/%s/screenshot" % self.find(css)
        return base64.b64decode(self.s("GET", path))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(wd, proc):
    for _ in range(200):
        if proc.poll() is not None:
            raise Failure("chromedriver exited with status %d" % proc.returncode)
        try:
            if wd.call("GET", "/status", timeout=2).get("ready"):
                return
        except (OSError, Failure):
            pass
        time.sleep(0.1)
    raise Failure("chromedriver did not become ready")


# ---- PNG ----

def png_decode(data):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Failure("not a PNG")
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, ctype, _, _, interlace = ihdr
    if depth != 8 or ctype not in (2, 6) or interlace:
        raise Failure("unexpected PNG format: depth %d, colour type %d" % (depth, ctype))
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def png_size(data):
    return struct.unpack(">II", data[16:24])


# ---- the test ----

STATE_JS = """
var w = document.querySelector('#witness-1');
if (!w) return null;
function vis(e) {
  if (!e) return false;
  var r = e.getBoundingClientRect(), st = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && st.display !== 'none' && st.visibility !== 'hidden';
}
var rows = w.querySelectorAll('tr.step.current');
var row = rows.length === 1 ? rows[0] : null;
var pane = w.querySelector('.srcpane');
var cur = pane ? pane.querySelectorAll('.line.cur') : [];
var shown = cur.length === 1 && vis(cur[0]) ? cur[0] : null;
var acting = w.querySelectorAll('th.lane.acting');
var r = w.getBoundingClientRect();
return {
  visible: vis(w), paneVisible: vis(pane), lanesVisible: vis(w.querySelector('table.lanes')),
  currentRows: rows.length,
  step: row ? +row.getAttribute('data-step') : null,
  thread: row ? +row.getAttribute('data-thread') : null,
  rowLine: row ? +row.getAttribute('data-line') : null,
  curLines: cur.length,
  line: shown ? +shown.getAttribute('data-line') : null,
  lineInPane: shown ? (function () {
    var a = shown.getBoundingClientRect(), b = pane.getBoundingClientRect();
    return a.top >= b.top - 1 && a.bottom <= b.bottom + 1; })() : false,
  acting: acting.length === 1 ? +acting[0].getAttribute('data-thread') : null,
  counter: w.querySelector('.cur-step').textContent,
  prevDisabled: w.querySelector('button.prev').disabled,
  nextDisabled: w.querySelector('button.next').disabled,
  badges: pane ? pane.querySelectorAll('.badge').length : 0,
  file: shown ? shown.parentNode.parentNode.querySelector('.file').textContent : null,
  rect: [r.left, r.top, r.width, r.height]
};
"""


LAYOUT_JS = """
function overlap(a, b) {
  return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
}
function textRects(line) {
  var rects = [];
  line.childNodes.forEach(function (n) {
    if (n.nodeType !== 3 || !n.textContent.trim()) return;
    var r = document.createRange();
    r.selectNodeContents(n);
    Array.prototype.forEach.call(r.getClientRects(), function (x) { if (x.width > 0) rects.push(x); });
  });
  return rects;
}
var boxes = Array.prototype.map.call(document.querySelectorAll('.lanes-box'), function (b) {
  return [b.scrollWidth, b.clientWidth];
});
var badges = 0, overlapping = [];
document.querySelectorAll('.srcpane .badge').forEach(function (b) {
  var line = b.closest('.line'), br = b.getBoundingClientRect();
  badges++;
  if (br.width > 0 && textRects(line).some(function (t) { return overlap(br, t); }))
    overlapping.push(b.textContent + ' on line ' + line.getAttribute('data-line'));
});
var short = document.querySelector('#sources .line[data-line=\"1\"]');
var one = short ? short.getBoundingClientRect().height : 0;
var wrapped = [], unwrapped = [];
document.querySelectorAll('#sources .line, .srcpane .line').forEach(function (l) {
  if (l.textContent.length <= 200 || l.getClientRects().length === 0) return;
  var h = l.getBoundingClientRect().height, w = l.closest('.srcpane') ? 'pane ' : '';
  (h > one * 1.5 ? wrapped : unwrapped).push(w + l.getAttribute('data-line') + ': ' + h);
});
var lanes = document.querySelectorAll('#witness-1 th.lane').length;
return {boxes: boxes, badges: badges, overlapping: overlapping, wrapped: wrapped, unwrapped: unwrapped,
        lanes: lanes, oneLine: one};
"""

SUMMARY_JS = """
var t = document.querySelector('#summary table.index');
return Array.prototype.map.call(t.tBodies[0].rows, function (r) {
  return [r.cells[0].textContent, +r.cells[3].getAttribute('data-key')];
});
"""


def expect_layout(wd, where, wide):
    lay = wd.js(LAYOUT_JS)
    check(all(sw <= cw for sw, cw in lay["boxes"]),
          "%s: every lanes table fits its box (scrollWidth, clientWidth: %s)" % (where, lay["boxes"]))
    check(not lay["overlapping"], "%s: none of the %d thread badges covers source text%s"
          % (where, lay["badges"], (" (" + ", ".join(lay["overlapping"]) + ")") if lay["overlapping"] else ""))
    check(not lay["unwrapped"], "%s: long source lines wrap (%d wrapped%s)"
          % (where, len(lay["wrapped"]), (", not: " + ", ".join(lay["unwrapped"])) if lay["unwrapped"] else ""))
    if wide:
        check(lay["lanes"] >= 4 and lay["wrapped"],
              "%s: --wide: %d lanes, long lines wrapped: %s" % (where, lay["lanes"], ", ".join(lay["wrapped"])))


def expect_sorting(wd, wide):
    before = wd.js(SUMMARY_JS)
    if len(before) < 2:
        print("(the summary has one row: sorting not checked)")
        return
    wd.click("#summary th:nth-child(4)")
    rows = wd.js(SUMMARY_JS)
    keys = [k for _, k in rows]
    check(keys == sorted(keys) and sorted(rows) == sorted(before),
          "clicking Verdict sorts the summary by severity: %s" % rows)
    if wide:
        check(rows != before, "sorting by verdict changed the order: %s -> %s" % (before, rows))
    wd.click("#summary th:nth-child(4)")
    keys = [k for _, k in wd.js(SUMMARY_JS)]
    check(keys == sorted(keys, reverse=True), "clicking Verdict again reverses it: %s" % keys)
    wd.click("#summary th:nth-child(1)")
    names = [n for n, _ in wd.js(SUMMARY_JS)]
    check(names == sorted(names), "clicking Location sorts by name: %s" % names)


def expect_step(wd, steps, k):
    st = wd.js(STATE_JS)
    exp = steps[k - 1]
    check(st is not None and st["visible"] and st["lanesVisible"] and st["paneVisible"],
          "step %d: witness panel, lanes table and source pane visible" % k)
    check(st["currentRows"] == 1 and st["step"] == k and st["counter"] == str(k),
          "step %d: one current row, step counter %s" % (k, st["counter"]))
    check(st["thread"] == exp["thread"] and st["acting"] == exp["thread"],
          "step %d: acting lane T%s (witness: T%s)" % (k, st["acting"], exp["thread"]))
    check(st["curLines"] == 1 and st["line"] == exp["line"] and st["rowLine"] == exp["line"]
          and st["lineInPane"],
          "step %d: source line %s highlighted and scrolled into the pane (witness: line %s)"
          % (k, st["line"], exp["line"]))
    check(st["file"] == exp["file"], "step %d: source pane shows %s (witness: %s)" % (k, st["file"], exp["file"]))
    check(st["badges"] >= 1, "step %d: %d thread badge(s) in the source pane" % (k, st["badges"]))
    check(st["prevDisabled"] == (k == 1) and st["nextDisabled"] == (k == len(steps)),
          "step %d: Previous %s, Next %s" % (k, "disabled" if st["prevDisabled"] else "enabled",
                                              "disabled" if st["nextDisabled"] else "enabled"))
    return st


def main():
    args = sys.argv[1:]
    wide = args[:1] == ["--wide"]
    args = args[1:] if wide else args
    binary, root = os.path.abspath(args[0]), os.path.abspath(args[1])
    inputs = args[2:] or ["examples/counter.sml"]
    example = " ".join(inputs)
    tmp = tempfile.mkdtemp(prefix="rf-html-")
    driver = None
    try:
        ensure_browser()
        report = os.path.join(tmp, "report")
        proc = subprocess.run([binary, "check", "--no-time", "--html", report] + inputs, cwd=root,
                              capture_output=True, text=True)
        check(proc.returncode == 1, "racefree check --html exits 1 (a race) on %s (status %d%s)"
              % (example, proc.returncode, ", stderr:\n" + proc.stderr if proc.returncode != 1 else ""))
        js = subprocess.run([binary, "check", "--format", "json", "--no-time"] + inputs, cwd=root,
                            capture_output=True, text=True)
        race = next(l for l in json.loads(js.stdout)["locations"] if l["verdict"] == "race")
        steps = race["witness"]["steps"]
        check(len(steps) >= 4, "the witness has %d steps" % len(steps))
        page = os.path.join(report, "index.html")
        with open(page, encoding="utf-8") as f:
            html = f.read()
        check("http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
              .replace('xmlns:xlink="http://www.w3.org/1999/xlink"', "")
              and "https://" not in html and " src=" not in html,
              "the page references no external resource")

        port = free_port()
        log = open(os.path.join(tmp, "chromedriver.log"), "w")
        driver = subprocess.Popen([CHROMEDRIVER, "--port=%d" % port], stdout=log, stderr=log,
                                  env=dict(os.environ, HOME=tmp))
        wd = WebDriver(port)
        wait_ready(wd, driver)
        wd.start(os.path.join(tmp, "profile"))
        try:
            url = "file://" + urllib.request.pathname2url(page)
            wd.s("POST", "/url", {"url": url})
            check(wd.js("return document.readyState") == "complete", "page loaded from " + url)
            check(wd.js("return performance.getEntriesByType('resource').length") == 0,
                  "the browser fetched no resource besides the page")

            wd.js("document.querySelector('#witness-1').scrollIntoView({block: 'start'});")
            st = expect_step(wd, steps, 1)
            expect_layout(wd, "step 1", wide)
            clicks = min(4, len(steps) - 1)
            for k in range(2, clicks + 2):
                wd.click("#witness-1 button.next")
                st = expect_step(wd, steps, k)
                expect_layout(wd, "step %d" % k, False)
            for k in range(clicks + 2, len(steps) + 1):
                wd.click("#witness-1 button.next")
                expect_layout(wd, "step %d" % k, wide and k == len(steps))
            for k in range(len(steps) - 1, clicks, -1):
                wd.click("#witness-1 button.prev")
            wd.click("#witness-1 button.prev")
            expect_step(wd, steps, clicks)
            wd.click("#witness-1 button.next")
            st = expect_step(wd, steps, clicks + 1)
            expect_sorting(wd, wide)
            wd.js("document.querySelector('#witness-1').scrollIntoView({block: 'start'});")
            st = expect_step(wd, steps, clicks + 1)

            shot = wd.screenshot()
            w, h = png_size(shot)
            inner = wd.js("return [window.innerWidth, window.innerHeight, window.devicePixelRatio]")
            check((w, h) == (round(inner[0] * inner[2]), round(inner[1] * inner[2])),
                  "viewport screenshot is %dx%d, the window's size" % (w, h))
            with open(os.path.join(tmp, "page.png"), "wb") as f:
                f.write(shot)

            panel = wd.screenshot("#witness-1")
            pw, ph, rows = png_decode(panel)
            rect = st["rect"]
            check(abs(pw - rect[2]) <= 2 and abs(ph - rect[3]) <= 2 and pw >= 300 and ph >= 100,
                  "witness panel screenshot %dx%d matches its box %.0fx%.0f" % (pw, ph, rect[2], rect[3]))
            colours = set()
            non_white = 0
            for row in rows[::2]:
                for px in row[::2]:
                    colours.add(px)
                    non_white += px != (255, 255, 255)
            sampled = len(rows[::2]) * len(rows[0][::2])
            check(non_white > sampled * 0.02 and len(colours) >= 8,
                  "witness panel is not blank: %d%% non-white, %d colours"
                  % (100 * non_white // sampled, len(colours)))
            boxes = wd.js("var w = document.querySelector('#witness-1').getBoundingClientRect();"
                          " return ['tr.step.current', '.srcpane .line.cur'].map(function (c) {"
                          "   var r = document.querySelector('#witness-1 ' + c).getBoundingClientRect();"
                          "   return [r.left - w.left, r.top - w.top, r.right - w.left, r.bottom - w.top]; });")

            def highlighted(box):
                x0, y0, x1, y1 = (int(round(v)) for v in box)
                area = [px for row in rows[max(0, y0):min(ph, y1)] for px in row[max(0, x0):min(pw, x1)]]
                return sum(1 for px in area if px == HIGHLIGHT), len(area)
            for name, box in zip(("current row of the lanes table", "current line of the source pane"), boxes):
                hit, area = highlighted(box)
                check(area > 0 and hit > area * 0.4,
                      "%s drawn highlighted (%d of %d pixels)" % (name, hit, area))
        finally:
            try:
                wd.call("DELETE", "/session/" + wd.session)
            except Exception:
                pass
        print("PASS")
        return 0
    except Failure as e:
        print("FAIL: %s" % e)
        return 1
    finally:
        if driver:
            driver.terminate()
            try:
                driver.wait(10)
            except subprocess.TimeoutExpired:
                driver.kill()
        if os.environ.get("RF_KEEP_TMP") != "1":
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            print("kept " + tmp)


if __name__ == "__main__":
    sys.exit(main())
