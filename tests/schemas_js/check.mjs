// Validates documents with ajv (JSON Schema draft 2020-12, strict mode) and compiles
// regular expressions as ECMA-262 with the "u" flag, for the Python tests.
// Input on standard input: {"schemas": {name: schema}, "documents": [[name, document]],
// "patterns": [text]}. Output: {"compiled": {name: null | error}, "valid": [bool | null],
// "patterns": [null | error]}.
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const request = JSON.parse(readFileSync(0, "utf8"));
const ajv = new Ajv2020({ strict: true, allErrors: false });
addFormats(ajv);
const compiled = {};
const validators = {};
for (const [name, schema] of Object.entries(request.schemas ?? {})) {
  try {
    validators[name] = ajv.compile(schema);
    compiled[name] = null;
  } catch (error) {
    compiled[name] = String(error.message ?? error);
  }
}
const valid = (request.documents ?? []).map(([name, document]) =>
  validators[name] ? validators[name](document) : null,
);
const patterns = (request.patterns ?? []).map((text) => {
  try {
    new RegExp(text, "u");
    return null;
  } catch (error) {
    return String(error.message ?? error);
  }
});
process.stdout.write(JSON.stringify({ compiled, valid, patterns }));
