import { constants, inflateSync } from 'node:zlib';

/**
 * Active content in an uploaded PDF: what could run, launch, or carry another file when a colleague
 * opens the document, and HTML markup that makes the file a PDF/HTML polyglot. A PDF with any of it
 * is refused at upload (an HR document, a receipt, a letter needs none).
 *
 * What is checked, without a full PDF parser:
 * - Every name in the file's object syntax (dictionaries outside stream data, literal strings and
 *   comments skipped), with `#xx` escapes decoded (`/J#61vaScript` is `/JavaScript`): /JS,
 *   /JavaScript, /AA, /Launch, /EmbeddedFile(s), /RichMedia, /XFA; and /OpenAction unless its value
 *   is a destination (an array) or a GoTo action (followed through an indirect reference).
 * - The same inside object streams (`/Type /ObjStm`, PDF 1.5), where objects are stored compressed:
 *   they are inflated (FlateDecode, the filter every writer uses for them; at most 32 MiB in all).
 * - As a second net, the long names (JavaScript, Launch, EmbeddedFile, RichMedia) anywhere in the
 *   raw bytes, stream data and strings included, so a lexer trick (a stray parenthesis, a wrong
 *   stream length) cannot hide them; the short ones (JS, AA, XFA) would match random bytes in
 *   compressed data too often to be looked for there.
 * - HTML markup (`<html`, `<script`, `<body`, `<iframe`, `<svg`, `<!doctype html`) anywhere in the
 *   raw bytes: a file that also reads as a web page.
 *
 * What cannot be checked, and how that is handled:
 * - An object stream with another filter (LZW, ASCII85, a chain), a predictor, or encrypted contents
 *   (an encrypted PDF encrypts its streams): its objects cannot be read here, so the file is refused
 *   as "cannot be checked" rather than let through.
 * - Content streams, fonts and images are not decoded: they are drawing instructions and data, not
 *   objects, so no action can be declared in them (a script's text may sit in a stream, but the /JS
 *   or /JavaScript naming it is in a dictionary, which is checked).
 * - Actions other than those above (a /URI link, /SubmitForm, /GoToR) are not refused, except as
 *   the /OpenAction of the document; an action whose dictionary is hidden where this scan does not
 *   reach is caught only when its type name is one of the long names of the second net.
 */

const REASONS = new Map<string, string>(
  Object.entries({
    JS: 'JavaScript',
    JavaScript: 'JavaScript',
    AA: 'actions that run on events (/AA)',
    Launch: 'an action that launches a program (/Launch)',
    EmbeddedFile: 'an embedded file',
    EmbeddedFiles: 'an embedded file',
    RichMedia: 'rich media (Flash or video)',
    XFA: 'an XFA form, which can run scripts',
  }),
);
const OPEN_ACTION = 'an action that runs when the document is opened (/OpenAction)';
const UNCHECKABLE = 'compressed objects that cannot be checked (an encrypted PDF, or an unusual compression)';
const POLYGLOT = 'HTML markup (a file that is also a web page)';

/** Names long enough (six characters and more) not to turn up by chance in compressed bytes. */
const RAW_NAME = /\/[^\0\t\n\f\r /<>[\](){}%]{6,}/g;
const LONG_NAMES = new Set(['JavaScript', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia']);
const HTML = /<(?:html|script|body|iframe|svg|!doctype\s+html)[\s>/]/i;
const MAX_INFLATED = 32 * 1024 * 1024;

/** `J#61vaScript` -> `JavaScript`: a name with its `#xx` escapes decoded. */
function decodeName(raw: string): string {
  if (!raw.includes('#')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const hex = raw[i] === '#' ? Number.parseInt(raw.slice(i + 1, i + 3), 16) : Number.NaN;
    if (Number.isNaN(hex) || !/^[0-9a-fA-F]{2}$/.test(raw.slice(i + 1, i + 3))) out += raw[i];
    else {
      out += String.fromCharCode(hex);
      i += 2;
    }
  }
  return out;
}

const NAME = 1;
const WORD = 2; // numbers and keywords (obj, R, stream, null)
const OPEN = 3; // [ or {
const CLOSE = 4; // ] or }
const DICT_OPEN = 5;
const DICT_CLOSE = 6;

/** ( ) < > [ ] { } / % and white space end a name or a word. */
const ENDS_TOKEN = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32, 0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25])
  ENDS_TOKEN[c] = 1;
const isSpace = (c: number) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
/** Longer words are neither numbers nor keywords this scan needs: not copied out. */
const MAX_WORD = 12;

/**
 * The tokens of PDF object syntax from `pos`, one at a time (`next`), skipping white space,
 * comments and strings. Its fields describe the current token; nothing is allocated per token but
 * a name's or a short word's text (a 5 MiB upload of tokens is read in well under a second). When
 * a `stream` keyword is met, `onStream` is told where its data starts and returns where to go on.
 */
class Lexer {
  kind = 0;
  value = '';
  /** Where the text after the current token starts. */
  end: number;
  constructor(
    private readonly text: string,
    pos: number,
    private readonly onStream?: (dataStart: number) => number,
  ) {
    this.end = pos;
  }

  next(): boolean {
    const text = this.text;
    const n = text.length;
    let i = this.end;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (isSpace(c)) {
        i++;
      } else if (c === 0x25) {
        // % comment to the end of the line
        while (i < n && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
      } else if (c === 0x28) {
        // (literal string): balanced parentheses, backslash escapes
        let depth = 0;
        for (; i < n; i++) {
          const d = text.charCodeAt(i);
          if (d === 0x5c) i++;
          else if (d === 0x28) depth++;
          else if (d === 0x29 && --depth === 0) break;
        }
        i++;
      } else if (c === 0x3c && text.charCodeAt(i + 1) === 0x3c) {
        return this.token(DICT_OPEN, i + 2);
      } else if (c === 0x3c) {
        const close = text.indexOf('>', i); // <hex string>
        i = close < 0 ? n : close + 1;
      } else if (c === 0x3e) {
        return this.token(DICT_CLOSE, i + (text.charCodeAt(i + 1) === 0x3e ? 2 : 1));
      } else if (c === 0x5b || c === 0x7b) {
        return this.token(OPEN, i + 1);
      } else if (c === 0x5d || c === 0x7d) {
        return this.token(CLOSE, i + 1);
      } else {
        const start = c === 0x2f ? i + 1 : i;
        let j = start;
        while (j < n && ENDS_TOKEN[text.charCodeAt(j) & 0xff] === 0) j++;
        const end = Math.max(j, i + 1);
        if (c === 0x2f) {
          this.value = decodeName(text.slice(start, j));
          return this.token(NAME, end);
        }
        this.value = j - start <= MAX_WORD ? text.slice(start, j) : '';
        if (this.value === 'stream' && this.onStream) {
          let dataStart = end;
          if (text.charCodeAt(dataStart) === 13) dataStart++;
          if (text.charCodeAt(dataStart) === 10) dataStart++;
          this.kind = WORD;
          this.end = this.onStream(dataStart);
          return true;
        }
        return this.token(WORD, end);
      }
    }
    this.end = n;
    return false;
  }

  private token(kind: number, end: number): true {
    this.kind = kind;
    this.end = end;
    return true;
  }
}

/** Where an object's value starts: in the file's text, or in an inflated object stream. */
type Located = { text: string; pos: number };
/** An /OpenAction's value: a destination (an array), an action (its /S), or a reference to either. */
type OpenActionValue = { ref: string } | { action: string | null } | { destination: true };
type ObjectStream = { data: string; filters: string[]; predictor: boolean; n: number; first: number };

/** What the passes found: a reason to refuse, and what they cannot decide alone. */
type Scan = {
  reason: string | null;
  /** /OpenAction values given by reference (`12 0` of `12 0 R`), resolved once everything is read. */
  openActionRefs: Set<string>;
  /** The objects of object streams by `number generation` (the file's own are searched for). */
  objects: Map<string, Located>;
  objectStreams: ObjectStream[];
};

/** The value starting at `at`: a destination, or an action of which type (/S)? */
function valueAt(at: Located): OpenActionValue {
  const lx = new Lexer(at.text, at.pos);
  let depth = 0;
  let sNext = false;
  const words: string[] = [];
  // An action dictionary is a few tokens; one that runs on (nested values inside nested values)
  // is not shown harmless, and is not read on: each /OpenAction reads at most this many.
  for (let budget = 200; budget > 0 && lx.next(); budget--) {
    if (depth === 0) {
      if (lx.kind === OPEN) return { destination: true };
      if (lx.kind === WORD) {
        // `12 0 R`
        words.push(lx.value);
        if (words.length < 3) continue;
        return words[2] === 'R' ? { ref: `${words[0]} ${words[1]}` } : { action: null };
      }
      if (lx.kind !== DICT_OPEN) return { action: null };
    }
    if (lx.kind === DICT_OPEN) depth++;
    else if (lx.kind === DICT_CLOSE && --depth === 0) return { action: null };
    else if (sNext) return { action: lx.kind === NAME ? lx.value : null };
    else if (depth === 1 && lx.kind === NAME && lx.value === 'S') sNext = true;
  }
  return { action: null };
}

const newDict = () => ({ type: '', filters: [] as string[], predictor: false, n: 0, first: 0 });

/**
 * One pass over object syntax: a name that is active content, each /OpenAction's value. `withStreams`: the file itself, whose stream data is skipped (object streams
 * kept for inflating); an object stream's own text has no streams.
 */
function scan(text: string, withStreams: boolean, into: Scan): void {
  // The current object's dictionary, as far as an object stream needs it.
  let dict = newDict();
  let prevName: string | null = null;
  let inFilters = false;

  const onStream = (dataStart: number) => {
    const end = text.indexOf('endstream', dataStart);
    if (dict.type === 'ObjStm') {
      into.objectStreams.push({ ...dict, data: text.slice(dataStart, end < 0 ? text.length : end) });
    }
    return end < 0 ? text.length : end + 'endstream'.length;
  };

  const lx = new Lexer(text, 0, withStreams ? onStream : undefined);
  while (!into.reason && lx.next()) {
    const { kind, value } = lx;
    if (kind === NAME) {
      const reason = REASONS.get(value);
      if (reason) into.reason = reason;
      if (value === 'OpenAction') {
        const v = valueAt({ text, pos: lx.end });
        if ('ref' in v) into.openActionRefs.add(v.ref);
        else if (!('destination' in v) && v.action !== 'GoTo') into.reason = OPEN_ACTION;
      }
      if (prevName === 'Type') dict.type = value;
      if (prevName === 'Filter' || inFilters) dict.filters.push(value);
    } else if (kind === WORD) {
      if (prevName === 'N') dict.n = Number(value);
      if (prevName === 'First') dict.first = Number(value);
      if (prevName === 'Predictor' && Number(value) > 1) dict.predictor = true;
      if (value === 'obj') dict = newDict();
    }
    if (kind === OPEN && prevName === 'Filter') inFilters = true;
    if (kind === CLOSE) inFilters = false;
    prevName = kind === NAME ? value : null;
  }
}

/** The contents of an object stream, or null when it cannot be read here. */
function inflateObjectStream(
  s: { data: string; filters: string[]; predictor: boolean },
  budget: { left: number },
): string | null {
  if (s.predictor) return null;
  const bytes = Buffer.from(s.data, 'latin1');
  if (s.filters.length === 0) return s.data;
  if (s.filters.length !== 1 || (s.filters[0] !== 'FlateDecode' && s.filters[0] !== 'Fl')) return null;
  try {
    let out: Buffer;
    try {
      out = inflateSync(bytes, { maxOutputLength: budget.left });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
      // A stream cut short of its checksum: what inflates is what a reader sees.
      out = inflateSync(bytes, { maxOutputLength: budget.left, finishFlush: constants.Z_SYNC_FLUSH });
    }
    budget.left -= out.length;
    return out.toString('latin1');
  } catch {
    return null;
  }
}

const MAX_OPEN_ACTION_REFS = 4;

/**
 * Where the values of `12 0 obj` start in the file's text: every definition (an update may define
 * an object again, and the cross-reference table, not read here, decides which one a reader takes).
 */
function objectsInText(text: string, ref: string): Located[] {
  const [num, gen] = ref.split(' ');
  if (!/^\d{1,10}$/.test(num ?? '') || !/^\d{1,5}$/.test(gen ?? '')) return [];
  const re = new RegExp(`(?<![0-9])${num}[\\0\\t\\n\\f\\r ]+${gen}[\\0\\t\\n\\f\\r ]+obj`, 'g');
  return [...text.matchAll(re)].slice(0, 16).map((m) => ({ text, pos: m.index + m[0].length }));
}

/**
 * Why this PDF is refused (words for the message), or null when no active content was found.
 * `data` is the whole file (the upload's size limit bounds the work).
 */
export function pdfActiveContent(data: Buffer): string | null {
  const text = data.toString('latin1');
  if (HTML.test(text)) return POLYGLOT;
  for (const m of text.matchAll(RAW_NAME)) {
    const name = decodeName(m[0].slice(1));
    if (LONG_NAMES.has(name)) return REASONS.get(name)!;
  }

  const found: Scan = { reason: null, openActionRefs: new Set(), objects: new Map(), objectStreams: [] };
  scan(text, true, found);
  if (found.reason) return found.reason;
  const budget = { left: MAX_INFLATED };
  for (const s of found.objectStreams) {
    const inner = inflateObjectStream(s, budget);
    if (inner === null) return UNCHECKABLE;
    scan(inner, false, found);
    if (found.reason) return found.reason;
    // Its objects: a header of `number offset` pairs, each value at First + offset.
    const header = inner.slice(0, Math.max(0, s.first)).trim().split(/\s+/);
    for (let i = 0; i + 1 < header.length && i / 2 < s.n; i += 2) {
      found.objects.set(`${header[i]} 0`, { text: inner, pos: s.first + Number(header[i + 1]) });
    }
  }

  // An /OpenAction given by reference: the object must be a destination or a GoTo action. One
  // that is not found (or is another reference) cannot be shown harmless; a document has one
  // catalog, so more than a few different ones are not looked for.
  if (found.openActionRefs.size > MAX_OPEN_ACTION_REFS) return OPEN_ACTION;
  for (const ref of found.openActionRefs) {
    const inStream = found.objects.get(ref);
    const definitions = [...(inStream ? [inStream] : []), ...objectsInText(text, ref)];
    if (definitions.length === 0) return OPEN_ACTION;
    for (const at of definitions) {
      const v = valueAt(at);
      if (!('destination' in v || ('action' in v && v.action === 'GoTo'))) return OPEN_ACTION;
    }
  }
  return null;
}
