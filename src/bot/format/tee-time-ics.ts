/**
 * An iCalendar (RFC 5545) file for a booked tee time, sent to the golfer as a document.
 *
 * Hand-written rather than the `ics` npm package: `ics` folds lines every 75 *characters*, but
 * RFC 5545 §3.1 limits a line to 75 *octets*; a Thai character is 3 octets in UTF-8, so its lines
 * would run to 225 octets. This builder folds by UTF-8 octets without ever splitting a character.
 */

/**
 * A booking's event `UID`: its reservation (or, before one, its ledger id) at fairway. Every calendar file of
 * the booking uses it, so a file sent again, or a moved booking's (its first booking's UID with a higher
 * `SEQUENCE`), updates the event a calendar already has.
 */
export function bookingIcsUid(b: { reservation_id: string | null; id: string }): string {
  return `${b.reservation_id ?? b.id}@fairway`;
}

/** What `buildTeeTimeIcs` needs to know about a tee time. */
export interface TeeTimeIcsOptions {
  /** Globally unique and stable for the booking (e.g. `booking-123@fairway`), so re-sending updates the event. */
  uid: string;
  /**
   * The event's revision (`SEQUENCE`, RFC 5545 §3.8.7.4): 0 for a new booking; a booking moved to another
   * tee time keeps its first event's `uid` with a higher sequence, so a calendar moves the event it has.
   */
  sequence?: number;
  /** The tee time, epoch ms. */
  startsAt: number;
  /** Length of the event in minutes. Default 270 (4½ hours: a round of 18 holes). */
  durationMinutes?: number;
  /** The course's IANA zone; written as the `X-WR-TIMEZONE` hint. Times themselves are UTC, so unambiguous. */
  timeZone: string;
  /** The event title, e.g. the course name and number of players. */
  summary: string;
  /** The course's name and address. */
  location: string;
  /** Free text: booking reference, players, what to bring. Newlines are kept. */
  description: string;
  /** Latitude of the course in degrees; `GEO` is written only when both `lat` and `lon` are given. */
  lat?: number;
  /** Longitude of the course in degrees. */
  lon?: number;
  /** A link to the booking or the course. */
  url?: string;
  /** When the file is created (`DTSTAMP`), epoch ms: passed in so output is deterministic. */
  createdAt: number;
  /** The event's `STATUS` (RFC 5545 §3.8.1.11): default CONFIRMED; TENTATIVE for a time not yet booked. */
  status?: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
}

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

/** Octets of one code point in UTF-8 (computed: encoding each character allocated a buffer per character). */
function utf8Octets(char: string): number {
  const cp = char.codePointAt(0) ?? 0;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** Escapes a TEXT value (RFC 5545 §3.3.11): `\`, `;`, `,` and line breaks; drops other control characters. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ""); // eslint-disable-line no-control-regex
}

/**
 * Folds one content line so no physical line exceeds 75 octets of UTF-8 (the CRLF not counted);
 * continuation lines start with a space, which counts. Splits only between code points, so a
 * multi-byte character (Thai, emoji) is never cut.
 */
export function foldIcsLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** `20261122T230800Z`: an instant in UTC (RFC 5545 DATE-TIME form #2), whole seconds. */
function utcDateTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

function assertInstant(name: string, ms: number): void {
  if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime()))
    throw new RangeError(`${name} must be epoch ms: ${ms}`);
}

/** `GEO` value: latitude;longitude with up to 6 decimals (about 10 cm). */
function geo(lat: number, lon: number): string {
  if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) throw new RangeError(`not a position: ${lat};${lon}`);
  const fixed = (n: number) => String(Number(n.toFixed(6)));
  return `${fixed(lat)};${fixed(lon)}`;
}

/** The `VEVENT` lines of one tee time (with its 2-hour `VALARM`), unfolded. */
function eventLines(options: TeeTimeIcsOptions): string[] {
  const { uid, startsAt, durationMinutes = 270, summary, location, description, lat, lon, url, createdAt } = options;
  assertInstant("startsAt", startsAt);
  assertInstant("createdAt", createdAt);
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0) {
    throw new RangeError(`durationMinutes must be a positive whole number: ${durationMinutes}`);
  }
  const text = escapeIcsText;
  return [
    "BEGIN:VEVENT",
    `UID:${text(uid)}`,
    ...(options.sequence ? [`SEQUENCE:${options.sequence}`] : []),
    `DTSTAMP:${utcDateTime(createdAt)}`,
    `DTSTART:${utcDateTime(startsAt)}`,
    `DTEND:${utcDateTime(startsAt + durationMinutes * 60_000)}`,
    `SUMMARY:${text(summary)}`,
    `LOCATION:${text(location)}`,
    `DESCRIPTION:${text(description)}`,
    ...(lat !== undefined && lon !== undefined ? [`GEO:${geo(lat, lon)}`] : []),
    // URL is a URI value, not TEXT: no escaping, but line breaks must not smuggle in properties.
    ...(url !== undefined ? [`URL:${url.replace(/[\r\n]/g, "")}`] : []),
    `STATUS:${options.status ?? "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${text(summary)}`,
    "TRIGGER:-PT2H",
    "END:VALARM",
    "END:VEVENT",
  ];
}

/**
 * Builds a one-event calendar for a tee time: `VCALENDAR` › `VEVENT` with `DTSTART`/`DTEND` in UTC,
 * `SUMMARY`, `LOCATION`, `DESCRIPTION`, optional `GEO` and `URL`, and a `VALARM` that reminds the
 * golfer 2 hours before. Lines end with CRLF and are folded at 75 octets. Deterministic: the same
 * options always give the same text. Throws `RangeError` for invalid instants, durations or positions.
 */
export function buildTeeTimeIcs(options: TeeTimeIcsOptions): string {
  return buildTeeTimesIcs([options]);
}

/**
 * One calendar with an event per tee time (a group's flights), as `buildTeeTimeIcs` writes each; the
 * calendar's `X-WR-TIMEZONE` is the first one's. Throws `RangeError` for an empty list.
 */
export function buildTeeTimesIcs(events: readonly TeeTimeIcsOptions[]): string {
  const [first] = events;
  if (!first) throw new RangeError("a calendar needs at least one tee time");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//fairway//Tee times//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-TIMEZONE:${escapeIcsText(first.timeZone)}`,
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
