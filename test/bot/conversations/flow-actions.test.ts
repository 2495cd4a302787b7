/**
 * The booking flow's button actions are declared once per step (`actions.ts`), and the type check
 * holds the rest to that list: `steps.ts` must handle every declared action of every step, and a view
 * can build only its step's actions. The first tests type-check the real sources with one edit made in
 * memory (a handler removed, an action declared without a handler, a view sending an undeclared one)
 * and expect the compiler to refuse it; the others prove at run time that every button a view shows
 * parses back to an action its step declares, and that any other action does not parse.
 */
import { fileURLToPath } from "node:url";
import type { InlineKeyboard } from "grammy";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { BookingRecord, GroupRecord } from "../../../src/bookings/index.js";
import { flowData, GLOBAL_DATA, parseFlowData } from "../../../src/bot/callback-data.js";
import {
  COMMON_ACTIONS,
  FLOW_ACTIONS,
  STEP_ACTIONS,
  type FlowAction,
} from "../../../src/bot/conversations/booking/actions.js";
import type { SlotPage } from "../../../src/bot/conversations/booking/data.js";
import { initialDraft, type Draft, type Step } from "../../../src/bot/conversations/booking/draft.js";
import { heldGroupView, heldView } from "../../../src/bot/conversations/booking/summary.js";
import { renderStep, type ViewEnv } from "../../../src/bot/conversations/booking/views.js";

const source = (name: string) =>
  fileURLToPath(new URL(`../../../src/bot/conversations/booking/${name}`, import.meta.url));
const STEPS = source("steps.ts");
const VIEWS = source("views.ts");
const ACTIONS = source("actions.ts");

/** The project's compiler options (tsconfig.json). */
function projectOptions(): ts.CompilerOptions {
  const path = fileURLToPath(new URL("../../../tsconfig.json", import.meta.url));
  const { config } = ts.readConfigFile(path, ts.sys.readFile) as { config: unknown };
  const { options } = ts.parseJsonConfigFileContent(
    config,
    ts.sys,
    fileURLToPath(new URL("../../../", import.meta.url)),
  );
  return options;
}

const options = projectOptions();
/** Source files parsed once and shared by every program (as a language service does). */
const parsed = new Map<string, ts.SourceFile>();

/**
 * The type errors in `root` and in the edited file, with `find` replaced by `replace` in `edit.file`'s
 * text (the edit must apply). The other files `root` imports are read for their types, not checked:
 * they are unchanged, and `npm run typecheck` checks them.
 */
function errorsWith(edit?: { file: string; find: string | RegExp; replace: string }, root = STEPS): string[] {
  const host = ts.createCompilerHost(options, true);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError) => {
    if (edit && fileName === edit.file) {
      const text = ts.sys.readFile(fileName) ?? "";
      const changed = text.replace(edit.find, edit.replace);
      if (changed === text) throw new Error(`the edit does not apply to ${fileName}: ${String(edit.find)}`);
      return ts.createSourceFile(fileName, changed, language, true);
    }
    let file = parsed.get(fileName);
    if (!file) {
      file = read(fileName, language, onError);
      if (file) parsed.set(fileName, file);
    }
    return file;
  };
  const program = ts.createProgram([root], options, host);
  return [...new Set([root, edit?.file ?? root])].flatMap((path) =>
    program
      .getSemanticDiagnostics(program.getSourceFile(path))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
  );
}

describe("the type check holds the flow's buttons to the declared actions", { timeout: 90_000 }, () => {
  it("passes on the sources as they are", () => {
    expect(errorsWith()).toEqual([]);
    expect(errorsWith(undefined, VIEWS)).toEqual([]);
  });

  it("fails when a step's handler of a declared action is removed", () => {
    const errors = errorsWith({ file: STEPS, find: /\n {4}rf: \(run\) => \{\n[^}]*\},/, replace: "" });
    expect(errors.join("\n")).toMatch(/Property 'rf' is missing/);
  });

  it("fails when a step declares an action that has no handler", () => {
    const errors = errorsWith({ file: ACTIONS, find: 'players: ["p"]', replace: 'players: ["p", "zz"]' });
    expect(errors.join("\n")).toMatch(/Property 'zz' is missing/);
  });

  it("fails when a handler answers an action its step does not declare", () => {
    const errors = errorsWith({
      file: STEPS,
      find: "date: { d: pickDay, m: showMonth }",
      replace: "date: { d: pickDay, m: showMonth, s: pickDay }",
    });
    expect(errors.join("\n")).toMatch(/'s' does not exist/);
  });

  it("fails when a view sends an action its step does not declare", () => {
    const errors = errorsWith({ file: VIEWS, find: 'data("p", n)', replace: 'data("go", n)' }, VIEWS);
    expect(errors.join("\n")).toMatch(/Argument of type '"go"' is not assignable to parameter of type '"p" \| /);
  });
});

const NONCE = "abc123";
/** A fixed instant of the test world (never the machine's clock): 2030-01-15 10:00 in Bangkok. */
const NOW = Date.UTC(2030, 0, 15, 3, 0);

const env: ViewEnv = {
  t: (key) => key,
  locale: "en",
  nonce: NONCE,
  now: NOW,
  today: "2030-01-15",
  lastDate: "2030-02-19",
  holdMinutes: 10,
  groupGapMinutes: 20,
  isPrivate: true,
  selfBooking: false,
};

const course = {
  id: "c1",
  name: "Royal Links",
  nameTH: "รอยัลลิงก์",
  place: "Pattaya",
  timeZone: "Asia/Bangkok",
  lat: 12.9,
  lon: 100.9,
  image: "https://example.com/c1.jpg",
  openingHours: "06:00-18:00",
  address: "1 Links Road",
  website: "https://example.com",
};

const slot = (i: number) => ({
  id: `t${i}`,
  startsAt: NOW + (i + 1) * 600_000,
  price: 2500,
  priceType: "GREEN_FEE",
  minPerson: 1,
  maxPerson: 4,
});

const slotPage: SlotPage = {
  items: [0, 1, 2].map((index) => ({ index, slot: slot(index) })),
  visible: 30,
  total: 30,
  types: ["GREEN_FEE"],
  suggestions: [],
  page: 1,
};

/** A draft far enough along for `step`'s view, with everything its buttons depend on. */
function draftAt(step: Step): Draft {
  return {
    ...initialDraft("next-id"),
    step,
    coursePage: 1,
    course,
    month: "2030-01",
    date: "2030-01-16",
    slot: slot(0),
    persons: 2,
    name: "Somchai Jaidee",
    email: "somchai@example.com",
    mobile: "0812345678",
    recent: [{ name: "Malee Suk", email: "malee@example.com", mobile: "0898765432" }],
    // A party of 10 over three tee times (the group's steps; the others ignore it).
    ...(["group", "flight", "split", "golfers"].includes(step)
      ? {
          persons: 10,
          group: { flights: [0, 1, 2].map((i) => ({ slot: slot(i), persons: i === 0 ? 4 : 3 })) },
          flightIndex: 2,
        }
      : {}),
  };
}

/** The day's open tee times (the flight step's choices): ten minutes apart. */
const daySlots = Array.from({ length: 6 }, (_, i) => slot(i));

const courses = {
  total: 12,
  start: 6,
  items: Array.from({ length: 6 }, (_, i) => ({
    id: `c${i + 6}`,
    name: `Course ${i + 6}`,
    nameTH: "",
    place: "Hua Hin",
  })),
};

const held = {
  id: "b1",
  course_name: "Royal Links",
  course_name_th: null,
  slot_starts_at: NOW + 86_400_000,
  time_zone: "Asia/Bangkok",
  persons: 2,
  customer_name: "Somchai Jaidee",
  customer_email: "somchai@example.com",
  customer_mobile: "0812345678",
  amount: null,
  expected_amount: 5000,
  caddy_info: null,
  reservation_code: "R1",
  reservation_id: "r1",
  hold_expires_at: NOW + 600_000,
} as unknown as BookingRecord;

const heldGroup = {
  id: "g1",
  course_name: "Royal Links",
  course_name_th: null,
  time_zone: "Asia/Bangkok",
  persons: 4,
  flights: 2,
  customer_name: "Somchai Jaidee",
  customer_email: "somchai@example.com",
  customer_mobile: "0812345678",
  state: "HELD",
} as unknown as GroupRecord;

/** Each step's panels: the view as the flow shows it, and its other shapes (no tee times, only suggestions). */
function panelsOf(step: Step): InlineKeyboard[] {
  if (step === "held")
    return [
      heldView(held, course, env).keyboard!,
      heldGroupView({ group: heldGroup, flights: [held, { ...held, id: "b1-2", flight: 2 }] }, course, env).keyboard!,
    ];
  const d = draftAt(step);
  const views = [renderStep(d, env, { courses, slots: slotPage, daySlots })];
  if (step === "slot")
    views.push(
      renderStep(d, env, { slots: { ...slotPage, items: [], visible: 0, total: 0, suggestions: ["2030-01-18"] } }),
    );
  return views.map((v) => v.keyboard!);
}

function dataOf(kb: InlineKeyboard): string[] {
  return kb.inline_keyboard.flat().flatMap((b) => ("callback_data" in b ? [b.callback_data] : []));
}

describe("every button of the flow parses back to an action its step declares", () => {
  it.each(Object.keys(STEP_ACTIONS) as Step[])("the %s panel", (step) => {
    const declared: readonly string[] = [...COMMON_ACTIONS, ...STEP_ACTIONS[step]];
    const data = panelsOf(step).flatMap(dataOf);
    expect(data.length).toBeGreaterThan(0);
    for (const d of data) {
      expect(Buffer.byteLength(d), d).toBeLessThanOrEqual(64);
      // A global button (the course list's "Find a tee time") leaves the flow: handled outside it.
      if ((Object.values(GLOBAL_DATA) as string[]).includes(d)) continue;
      const parsed = parseFlowData(d);
      expect(parsed, d).toMatchObject({ nonce: NONCE });
      expect(declared, d).toContain(parsed?.action);
    }
  });

  it("every declared action parses back, with and without an argument", () => {
    for (const action of FLOW_ACTIONS) {
      expect(parseFlowData(flowData(NONCE, action))).toEqual({ nonce: NONCE, action, arg: undefined });
      expect(parseFlowData(flowData(NONCE, action, 7))).toEqual({ nonce: NONCE, action, arg: "7" });
    }
  });

  it.each(["zz", "go-on", "constructor", "toString", "backs", "BACK"])(
    "an undeclared action does not parse: %s",
    (action) => {
      expect(parseFlowData(`b:${NONCE}:${action}`)).toBeUndefined();
      expect(parseFlowData(`b:${NONCE}:${action}:1`)).toBeUndefined();
      expect(() => flowData(NONCE, action as FlowAction)).toThrow(/invalid callback data/);
    },
  );
});
