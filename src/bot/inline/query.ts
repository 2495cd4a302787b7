/**
 * Course-name matching for an agent's inline query (`riverside sat`, `ริเวอร์ไซด์ พรุ่งนี้`): the query
 * itself is read by the search's parser (`search/query.ts`); the words it did not understand are
 * matched here against course names.
 */

/** Whether every term is part of the course's English or Thai name (or its place). */
export function matchesCourse(
  course: { name: string; nameTH: string; place?: string },
  terms: readonly string[],
): boolean {
  const haystack = `${course.name} ${course.nameTH} ${course.place ?? ""}`.normalize("NFC").toLowerCase();
  const squeezed = haystack.replace(/\s+/g, "");
  return terms.every((t) => haystack.includes(t) || squeezed.includes(t));
}
