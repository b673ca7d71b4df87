#!/usr/bin/env node
// Fails when a log line of a test run holds personal data (issue 25): a PAN, an Aadhaar number, or a
// long run of digits such as a bank account or phone number. Reads every *.log under the folder given
// (scripts/test.sh keeps the API tests' logs there, TEST_LOG_DIR). Only string values are looked at:
// numbers in a log line are timings, counts and times. Ids (uuids) and timestamps are taken out of a
// string before it is looked at.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/check-logs.mjs <folder of .log files>');
  process.exit(2);
}

const PATTERNS = [
  // Permanent Account Number: five letters (the fourth the holder's kind), four digits, a letter.
  ['PAN', /\b[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]\b/],
  // Aadhaar: twelve digits, the first 2-9, often written in groups of four.
  ['Aadhaar', /\b[2-9]\d{3}[ -]?\d{4}[ -]?\d{4}\b/],
  // A bank account (9-18 digits) or a phone number (10 digits): any run of nine or more digits.
  ['bank account or phone number', /\b\d{9,18}\b/],
];
const NOT_PERSONAL = [
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?\b/g,
];

const found = [];
let files = 0;
let lines = 0;
function look(value, path, file, n) {
  if (typeof value === 'string') {
    let s = value;
    for (const re of NOT_PERSONAL) s = s.replace(re, ' ');
    for (const [what, re] of PATTERNS) {
      const m = re.exec(s);
      if (m) found.push(`${file}:${n} ${path || '(line)'}: looks like a ${what} (${m[0].slice(0, 4)}…)`);
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) look(v, path ? `${path}.${k}` : k, file, n);
  }
}

for (const name of readdirSync(dir).filter((f) => f.endsWith('.log'))) {
  files++;
  const text = readFileSync(join(dir, name), 'utf8');
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    lines++;
    let obj;
    try {
      obj = JSON.parse(line);
    } catch {
      obj = line;
    }
    look(obj, '', name, i + 1);
  });
}
if (files === 0) {
  console.error(`check-logs: no .log file in ${dir}: the tests wrote no logs to check`);
  process.exit(1);
}
if (found.length > 0) {
  console.error(`check-logs: ${found.length} log value(s) look like personal data:`);
  for (const f of found.slice(0, 50)) console.error(`  ${f}`);
  process.exit(1);
}
console.log(`check-logs: ${lines} log lines in ${files} files, no PAN, Aadhaar or account number`);
