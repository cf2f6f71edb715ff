#!/usr/bin/env python3
"""SARIF report test: runs one racefree command with --format sarif and checks that the
output is a well-formed SARIF 2.1.0 log (of `check` or of `cover`).

With --schema FILE it also validates the log against the official SARIF 2.1.0 JSON
schema FILE (the copy the SARIF multitool ships, which tools/setup --test installs; see
sarif-github.py for Microsoft's validator with GitHub's rules). On its own, it checks the subset of SARIF that racefree emits, with the rules the
OASIS SARIF 2.1.0 specification and its schema give for those objects: required
properties, property types, enumerated values and minimums, and no property outside
the subset (the schema forbids unknown properties on these objects; the subset is a
subset of what it allows, so anything else racefree emitted would have to be added here
after checking the spec). It also checks the cross-references the schema cannot
express: ruleIndex names the rule whose id is ruleId, artifactLocation.index names the
artifact with the same uri, executionOrder values are distinct across the threadFlows of
a codeFlow and increase within each.

It also checks racefree's own promises on URIs: a relative URI has the base %SRCROOT%
(an absolute directory URI in originalUriBaseIds), any other is an absolute file: URI.
Usage: sarif-check.py [--schema SARIF_SCHEMA] RACEFREE_BINARY SOURCE_ROOT ARGS...
"""
import json
import os
import re
import subprocess
import sys


class Invalid(Exception):
    pass


def need(cond, path, what):
    if not cond:
        raise Invalid("%s: %s" % (path, what))


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def obj(value, path, required, allowed):
    need(isinstance(value, dict), path, "expected an object")
    for k in required:
        need(k in value, path, "missing required property '%s'" % k)
    extra = set(value) - set(required) - set(allowed)
    need(not extra, path, "properties outside the checked subset: %s" % sorted(extra))


def string(value, path):
    need(isinstance(value, str), path, "expected a string")


def integer(value, path, minimum):
    need(is_int(value) and value >= minimum, path, "expected an integer >= %d" % minimum)


def array(value, path, min_items=0):
    need(isinstance(value, list), path, "expected an array")
    need(len(value) >= min_items, path, "expected at least %d items" % min_items)


# uri-reference (RFC 3986), loosely: no spaces or characters that must be escaped
URI_REF = re.compile(r"^[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*$")


def message(value, path):
    # message: anyOf required text / id; racefree uses text only
    obj(value, path, ["text"], [])
    string(value["text"], path + ".text")


def multiformat(value, path):
    obj(value, path, ["text"], [])
    string(value["text"], path + ".text")


LEVELS = ("none", "note", "warning", "error")


def rule(value, path):
    obj(value, path, ["id"], ["name", "shortDescription", "fullDescription", "help", "defaultConfiguration"])
    string(value["id"], path + ".id")
    if "name" in value:
        string(value["name"], path + ".name")
    for key in ("shortDescription", "fullDescription"):
        if key in value:
            multiformat(value[key], path + "." + key)
    if "help" in value:
        obj(value["help"], path + ".help", ["text"], ["markdown"])
        string(value["help"]["text"], path + ".help.text")
        if "markdown" in value["help"]:
            string(value["help"]["markdown"], path + ".help.markdown")
    if "defaultConfiguration" in value:
        conf = value["defaultConfiguration"]
        obj(conf, path + ".defaultConfiguration", [], ["level"])
        if "level" in conf:
            need(conf["level"] in LEVELS, path + ".defaultConfiguration.level", "bad level")


def artifact_location(value, path, artifacts):
    obj(value, path, [], ["uri", "uriBaseId", "index"])
    if "uri" in value:
        string(value["uri"], path + ".uri")
        need(URI_REF.match(value["uri"]), path + ".uri", "not a URI reference: %r" % value["uri"])
        # racefree's promise: a relative URI has a base; an absolute one is a file: URI
        if "uriBaseId" in value:
            need(value["uriBaseId"] == "%SRCROOT%", path + ".uriBaseId", "the one base is %SRCROOT%")
            need(not re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", value["uri"]) and not value["uri"].startswith("/")
                 and not value["uri"].startswith("../"), path + ".uri", "relative URI expected under %SRCROOT%")
        else:
            need(value["uri"].startswith("file:///"), path + ".uri", "a URI without a base must be absolute")
            if artifacts is not None:
                need(artifacts[value.get("index", 0)]["location"].get("uriBaseId") is None, path,
                     "artifact has a base, this location none")
    if "index" in value:
        integer(value["index"], path + ".index", -1)
        i = value["index"]
        if artifacts is not None and i >= 0:
            need(i < len(artifacts), path + ".index", "no artifact %d" % i)
            need(artifacts[i]["location"].get("uri") == value.get("uri"), path + ".index",
                 "artifact %d has a different uri" % i)


def location(value, path, artifacts):
    obj(value, path, [], ["physicalLocation", "logicalLocations", "message"])
    if "logicalLocations" in value:
        array(value["logicalLocations"], path + ".logicalLocations", 1)
        for i, ll in enumerate(value["logicalLocations"]):
            lp = "%s.logicalLocations[%d]" % (path, i)
            obj(ll, lp, ["name", "kind"], [])
            string(ll["name"], lp + ".name")
            need(ll["kind"] == "function", lp + ".kind", "racefree names functions")
    if "physicalLocation" in value:
        pl, p = value["physicalLocation"], path + ".physicalLocation"
        # physicalLocation: anyOf required address / artifactLocation
        obj(pl, p, ["artifactLocation"], ["region", "contextRegion"])
        artifact_location(pl["artifactLocation"], p + ".artifactLocation", artifacts)
        if "contextRegion" in pl:
            c = pl["contextRegion"]
            obj(c, p + ".contextRegion", ["startLine", "snippet"], [])
            need(c["startLine"] == pl.get("region", {}).get("startLine"), p + ".contextRegion",
                 "the context is the region's line")
            obj(c["snippet"], p + ".contextRegion.snippet", ["text"], [])
            need("\n" not in c["snippet"]["text"], p + ".contextRegion.snippet", "one line expected")
        if "region" in pl:
            r = pl["region"]
            obj(r, p + ".region", [], ["startLine", "startColumn"])
            need("startLine" in r, p + ".region", "racefree regions give startLine")
            integer(r["startLine"], p + ".region.startLine", 1)
            if "startColumn" in r:
                integer(r["startColumn"], p + ".region.startColumn", 1)
    if "message" in value:
        message(value["message"], path + ".message")


def code_flow(value, path, artifacts):
    obj(value, path, ["threadFlows"], ["message"])
    if "message" in value:
        message(value["message"], path + ".message")
    array(value["threadFlows"], path + ".threadFlows", 1)
    orders = []
    ids = []
    for i, tf in enumerate(value["threadFlows"]):
        tp = "%s.threadFlows[%d]" % (path, i)
        obj(tf, tp, ["locations"], ["id", "message"])
        if "id" in tf:
            string(tf["id"], tp + ".id")
            ids.append(tf["id"])
        if "message" in tf:
            message(tf["message"], tp + ".message")
        array(tf["locations"], tp + ".locations", 1)
        last = -1
        for j, tfl in enumerate(tf["locations"]):
            lp = "%s.locations[%d]" % (tp, j)
            obj(tfl, lp, [], ["location", "stack", "state", "executionOrder", "importance"])
            if "stack" in tfl:
                # stack: required frames, each with a location (innermost first)
                st = tfl["stack"]
                obj(st, lp + ".stack", ["frames"], ["message"])
                if "message" in st:
                    message(st["message"], lp + ".stack.message")
                array(st["frames"], lp + ".stack.frames", 1)
                for k, fr in enumerate(st["frames"]):
                    fp = "%s.stack.frames[%d]" % (lp, k)
                    obj(fr, fp, ["location"], [])
                    location(fr["location"], fp + ".location", artifacts)
                    need("logicalLocations" in fr["location"], fp + ".location", "a frame names its function")
            if "state" in tfl:
                obj(tfl["state"], lp + ".state", [], ["locks held"])
                for k, v in tfl["state"].items():
                    multiformat(v, "%s.state[%s]" % (lp, k))
            if "location" in tfl:
                location(tfl["location"], lp + ".location", artifacts)
            if "executionOrder" in tfl:
                integer(tfl["executionOrder"], lp + ".executionOrder", -1)
                need(tfl["executionOrder"] > last, lp + ".executionOrder", "not increasing in the thread")
                last = tfl["executionOrder"]
                orders.append(last)
            if "importance" in tfl:
                need(tfl["importance"] in ("important", "essential", "unimportant"),
                     lp + ".importance", "bad importance")
    need(len(orders) == len(set(orders)), path, "executionOrder values repeat across threads")
    need(len(ids) == len(set(ids)), path, "threadFlow ids repeat")


FINGERPRINT = re.compile(r"^[0-9a-f]{16}:[1-9][0-9]*$")


def result(value, path, rules, artifacts):
    obj(value, path, ["message"], ["ruleId", "ruleIndex", "level", "locations", "relatedLocations", "codeFlows",
                                   "partialFingerprints", "suppressions"])
    if "relatedLocations" in value:
        array(value["relatedLocations"], path + ".relatedLocations", 1)
        ids = []
        for i, loc in enumerate(value["relatedLocations"]):
            lp = "%s.relatedLocations[%d]" % (path, i)
            need("id" in loc and "message" in loc, lp, "a related location has an id and a message")
            integer(loc.get("id"), lp + ".id", 0)
            ids.append(loc.get("id"))
            location({k: v for k, v in loc.items() if k != "id"}, lp, artifacts)
        need(len(ids) == len(set(ids)), path + ".relatedLocations", "related location ids repeat")
    if "partialFingerprints" in value:
        fp = value["partialFingerprints"]
        obj(fp, path + ".partialFingerprints", ["racefree/v1"], [])
        need(FINGERPRINT.match(fp["racefree/v1"]), path + ".partialFingerprints", "bad fingerprint")
    if "suppressions" in value:
        array(value["suppressions"], path + ".suppressions", 1)
        for i, sup in enumerate(value["suppressions"]):
            sp = "%s.suppressions[%d]" % (path, i)
            obj(sup, sp, ["kind"], ["justification", "location"])
            need(sup["kind"] in ("inSource", "external"), sp + ".kind", "bad suppression kind")
            if "justification" in sup:
                string(sup["justification"], sp + ".justification")
            if "location" in sup:
                location(sup["location"], sp + ".location", artifacts)
    message(value["message"], path + ".message")
    if "ruleId" in value:
        string(value["ruleId"], path + ".ruleId")
    if "ruleIndex" in value:
        integer(value["ruleIndex"], path + ".ruleIndex", -1)
        i = value["ruleIndex"]
        need(i < len(rules), path + ".ruleIndex", "no rule %d" % i)
        need(i < 0 or rules[i]["id"] == value.get("ruleId"), path + ".ruleIndex",
             "rule %d is not %r" % (i, value.get("ruleId")))
    if "level" in value:
        need(value["level"] in LEVELS, path + ".level", "bad level")
    if "locations" in value:
        array(value["locations"], path + ".locations")
        for i, loc in enumerate(value["locations"]):
            location(loc, "%s.locations[%d]" % (path, i), artifacts)
    if "codeFlows" in value:
        array(value["codeFlows"], path + ".codeFlows")
        for i, cf in enumerate(value["codeFlows"]):
            code_flow(cf, "%s.codeFlows[%d]" % (path, i), artifacts)


def run(value, path):
    obj(value, path, ["tool"], ["invocations", "automationDetails", "originalUriBaseIds", "columnKind",
                                "artifacts", "results"])
    if "invocations" in value:
        array(value["invocations"], path + ".invocations", 1)
        for i, inv in enumerate(value["invocations"]):
            ip = "%s.invocations[%d]" % (path, i)
            obj(inv, ip, ["executionSuccessful"], ["exitCode", "startTimeUtc", "endTimeUtc"])
            need(isinstance(inv["executionSuccessful"], bool), ip + ".executionSuccessful", "expected a boolean")
            if "exitCode" in inv:
                need(is_int(inv["exitCode"]), ip + ".exitCode", "expected an integer")
            for key in ("startTimeUtc", "endTimeUtc"):
                if key in inv:
                    need(re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$", inv[key]), ip + "." + key,
                         "expected a UTC date-time")
    if "automationDetails" in value:
        obj(value["automationDetails"], path + ".automationDetails", [], ["id"])
        string(value["automationDetails"].get("id", ""), path + ".automationDetails.id")
    if "originalUriBaseIds" in value:
        bases = value["originalUriBaseIds"]
        obj(bases, path + ".originalUriBaseIds", [], ["%SRCROOT%"])
        for k, b in bases.items():
            bp = "%s.originalUriBaseIds[%s]" % (path, k)
            obj(b, bp, [], ["uri", "description"])
            if "uri" in b:
                need(b["uri"].startswith("file:///") and b["uri"].endswith("/"), bp + ".uri",
                     "an absolute directory URI ending with '/' expected")
            if "description" in b:
                message(b["description"], bp + ".description")
    tool = value["tool"]
    obj(tool, path + ".tool", ["driver"], [])
    drv = tool["driver"]
    dp = path + ".tool.driver"
    obj(drv, dp, ["name"], ["version", "informationUri", "rules"])
    string(drv["name"], dp + ".name")
    if "informationUri" in drv:
        need(re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", drv["informationUri"]), dp + ".informationUri",
             "not an absolute URI")
    if "version" in drv:
        string(drv["version"], dp + ".version")
    rules = drv.get("rules", [])
    array(rules, dp + ".rules")
    for i, r in enumerate(rules):
        rule(r, "%s.rules[%d]" % (dp, i))
    need(len({r["id"] for r in rules}) == len(rules), dp + ".rules", "rule ids repeat")
    if "columnKind" in value:
        need(value["columnKind"] in ("utf16CodeUnits", "unicodeCodePoints"), path + ".columnKind",
             "bad columnKind")
    artifacts = value.get("artifacts")
    if artifacts is not None:
        array(artifacts, path + ".artifacts")
        for i, a in enumerate(artifacts):
            ap = "%s.artifacts[%d]" % (path, i)
            obj(a, ap, ["location"], ["length", "sourceLanguage", "roles"])
            artifact_location(a["location"], ap + ".location", None)
            if "length" in a:
                integer(a["length"], ap + ".length", -1)
            if "sourceLanguage" in a:
                string(a["sourceLanguage"], ap + ".sourceLanguage")
            if "roles" in a:
                array(a["roles"], ap + ".roles")
                need(all(r == "analysisTarget" for r in a["roles"]), ap + ".roles", "unexpected role")
        uris = [json.dumps(a, sort_keys=True) for a in artifacts]
        need(len(uris) == len(set(uris)), path + ".artifacts", "artifacts must be unique")
    if "results" in value:
        array(value["results"], path + ".results")
        for i, res in enumerate(value["results"]):
            result(res, "%s.results[%d]" % (path, i), rules, artifacts)


def check_log(doc):
    obj(doc, "$", ["version", "runs"], ["$schema"])
    need(doc["version"] == "2.1.0", "$.version", "must be 2.1.0")
    if "$schema" in doc:
        string(doc["$schema"], "$.$schema")
        need(re.match(r"^https?://", doc["$schema"]), "$.$schema", "not an absolute URI")
    array(doc["runs"], "$.runs")
    for i, r in enumerate(doc["runs"]):
        run(r, "$.runs[%d]" % i)


def validate_schema(doc, schema_file):
    """DOC against the official SARIF 2.1.0 JSON schema in SCHEMA_FILE (the one the SARIF
    multitool ships; tools/setup --test installs it)."""
    try:
        import jsonschema
    except ImportError:
        raise Invalid("python3-jsonschema is missing (tools/setup --test installs it)")
    if not os.path.exists(schema_file):
        raise Invalid("the SARIF 2.1.0 schema %s is missing (tools/setup --test installs it)" % schema_file)
    with open(schema_file, encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    errors = sorted(cls(schema).iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        raise Invalid("against the official schema, at %s: %s" % ("/".join(map(str, e.absolute_path)), e.message))


def main():
    schema_file = None
    if len(sys.argv) > 2 and sys.argv[1] == "--schema":
        schema_file = sys.argv[2]
        del sys.argv[1:3]
    binary, root, args = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    proc = subprocess.run([binary] + args, cwd=root, capture_output=True, text=True,
                          env=dict(os.environ, LC_ALL="C"))
    if proc.returncode not in (0, 1, 3):
        print("racefree %s: exit %d\n%s" % (" ".join(args), proc.returncode, proc.stderr))
        return 1
    try:
        doc = json.loads(proc.stdout)
        check_log(doc)
        if schema_file:
            validate_schema(doc, schema_file)
        # racefree's own promise: one error result per race, with both access sites
        races = [r for r in doc["runs"][0].get("results", []) if r.get("ruleId") == "racefree/data-race"]
        for i, r in enumerate(races):
            need(r.get("level") == "error", "race %d" % i, "level must be error")
            need(len(r.get("locations", [])) >= 2, "race %d" % i, "both access sites expected")
            need(len(r.get("codeFlows", [])) == 1, "race %d" % i, "one codeFlow expected")
        # deadlocks: one error result per deadlock shown, a location per waiting thread
        deadlocks = [r for r in doc["runs"][0].get("results", [])
                     if r.get("ruleId") in ("racefree/deadlock", "racefree/lock-misuse")]
        for i, r in enumerate(deadlocks):
            need(r.get("level") == "error", "deadlock %d" % i, "level must be error")
            need(len(r.get("locations", [])) >= (2 if r["ruleId"] == "racefree/deadlock" else 1),
                 "deadlock %d" % i, "a location per waiting thread expected")
            need(len(r.get("codeFlows", [])) == 1, "deadlock %d" % i, "one codeFlow expected")
        # cover: one error result when the target is coverable, with the witness
        covers = [r for r in doc["runs"][0].get("results", []) if r.get("ruleId") == "racefree/coverable"]
        for i, r in enumerate(covers):
            need(r.get("level") == "error", "coverable %d" % i, "level must be error")
            need(len(r.get("locations", [])) == 1, "coverable %d" % i, "one location expected")
            need(len(r.get("codeFlows", [])) == 1 and len(r["codeFlows"][0]["threadFlows"]) == 1,
                 "coverable %d" % i, "one codeFlow with one threadFlow expected")
        need(len(covers) <= 1, "results", "at most one coverable result")
        unknown = [r for r in doc["runs"][0].get("results", []) if r.get("ruleId") == "racefree/unknown"]
        shown = [r for r in races + deadlocks + covers if not r.get("suppressions")]
        need((proc.returncode == 1) == bool(shown), "results",
             "races, deadlocks (or coverable) not suppressed iff exit status 1")
        inv = doc["runs"][0].get("invocations", [{}])[0]
        need(inv.get("exitCode", proc.returncode) == proc.returncode, "invocations",
             "exitCode %s but the run exited %d" % (inv.get("exitCode"), proc.returncode))
        # exit status 3 means unknowns and nothing found; a finding (1) may come with unknowns
        need(proc.returncode != 3 or bool(unknown), "results", "unknown results with exit status 3")
        need(proc.returncode != 0 or not unknown, "results", "no unknown result with exit status 0")
    except (ValueError, Invalid) as e:
        print("racefree %s: invalid SARIF: %s" % (" ".join(args), e))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
