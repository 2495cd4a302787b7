/**
 * /report's ledger read for a period of any length (a year of a large agency is over 100,000 bookings):
 * the paid bookings are read a day at a time (`paidPages`), each page counted into the report's rows, its
 * chart and its groups, and written as lines of the bookings CSV to a temporary file, then dropped. What
 * stays in memory is the rows per agent, the chart's bars and rankings, and the groups' tee times (for
 * their lines); the CSV goes to Telegram from the file, read as a stream, and the file is removed after.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BookingQueries } from "../../../bookings/queries.js";
import { chartTally, type ChartFigures } from "../../../reports/charts/figures.js";
import {
  bookingsCsvHead,
  bookingsCsvLine,
  groupTally,
  reportTally,
  type ReportGroup,
  type ReportRow,
} from "./report-data.js";

export interface PeriodRead {
  rows: ReportRow[];
  groups: ReportGroup[];
  chart: ChartFigures;
  /** Paid bookings in the period (the bookings CSV's lines). */
  paidCount: number;
  /** The paid bookings of `skip` (trips' rounds): in the bookings CSV, not in the rows, groups or chart; satang. */
  skipped: { count: number; amount: number; refundedCount: number; refundedAmount: number };
  /** The bookings CSV on disk (every paid booking, earliest paid first); remove it with `dispose`. */
  csvPath: string;
  dispose(): Promise<void>;
}

export interface PeriodQuery {
  /** Both days included, `YYYY-MM-DD` in Thailand, and their instants [start, end). */
  from: string;
  to: string;
  start: number;
  end: number;
  ledger: Pick<BookingQueries, "paidPages" | "releasedTimesBetween" | "moveLinksBetween">;
  agentIds: ReadonlySet<number>;
  names: ReadonlyMap<number, string | null>;
  timeZone: string;
  /** The time each page of the ledger's read covers, ms (default a day). */
  windowMs?: number;
  /**
   * Bookings counted elsewhere (trips' rounds, in /report's trips section): listed in the bookings CSV (the
   * partner's invoices), left out of the rows, groups and chart, and totalled in `skipped`. Default none.
   */
  skip?: ReadonlySet<string>;
}

/** Writes `text`, waiting for the stream to drain when its buffer is full. */
function write(stream: WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    stream.once("error", onError);
    const done = () => {
      stream.off("error", onError);
      resolve();
    };
    if (stream.write(text, "utf8")) done();
    else stream.once("drain", done);
  });
}

function close(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once("error", reject);
    stream.end(() => resolve());
  });
}

/** Reads the period's paid bookings once, page by page: the report's figures, and its bookings CSV on disk. */
export async function readPeriod(q: PeriodQuery): Promise<PeriodRead> {
  const dir = await mkdtemp(join(tmpdir(), "fairway-report-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const csvPath = join(dir, "bookings.csv");
    const stream = createWriteStream(csvPath);
    const rows = reportTally(q.agentIds, q.names);
    const groups = groupTally();
    const releasedAt = await q.ledger.releasedTimesBetween(q.start, q.end);
    const links = await q.ledger.moveLinksBetween(q.start, q.end);
    const chart = chartTally({ ...q, releasedAt });
    let paidCount = 0;
    const skipped = { count: 0, amount: 0, refundedCount: 0, refundedAmount: 0 };
    try {
      await write(stream, bookingsCsvHead());
      for await (const page of q.ledger.paidPages(q.start, q.end, q.windowMs)) {
        let lines = "";
        for (const b of page) {
          lines += bookingsCsvLine(b, q.agentIds, q.names, links.get(b.id));
          if (q.skip?.has(b.id)) {
            skipped.count += 1;
            skipped.amount += Number(b.amount ?? b.expected_amount);
            if (b.state === "REFUNDED") {
              skipped.refundedCount += 1;
              skipped.refundedAmount += Number(b.refunded_amount ?? 0);
            }
            continue;
          }
          rows.add(b);
          groups.add(b);
          chart.add(b);
        }
        paidCount += page.length;
        await write(stream, lines);
      }
    } finally {
      await close(stream);
    }
    return { rows: rows.rows(), groups: groups.groups(), chart: chart.figures(), paidCount, skipped, csvPath, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
