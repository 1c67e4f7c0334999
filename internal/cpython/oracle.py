"""The oracle of the differential test: CPython's own json module.

Reads one base64 body per line on stdin and writes one line per body:
  "OK <base64 of json.dumps(json.loads(body), sort_keys=True, separators=(',', ':'))>"
  "ERR <exception class>"
then, for the response-hash mode, the same for the proxy's response_data:
  json.loads(body), {"error": None} for a falsy value, {"_raw_text": text}
  when it does not load (text = body.decode("utf-8", "replace")).
Each output line is "<canon> <response>".
"""
import base64
import json
import sys


def canon(obj):
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def main():
    out = sys.stdout
    for line in sys.stdin:
        body = base64.b64decode(line.strip())
        try:
            data = json.loads(body)
            c = "OK " + base64.b64encode(canon(data).encode("ascii")).decode("ascii")
        except (ValueError, RecursionError) as e:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
            data = None
            c = "ERR " + type(e).__name__
            resp = {"_raw_text": body.decode("utf-8", "replace")}
        else:
            resp = data if data else {"error": None}
        r = base64.b64encode(canon(resp).encode("ascii")).decode("ascii")
        out.write(c + " " + r + "\n")


if __name__ == "__main__":
    main()
