/** The course name a user of `locale` reads: the Thai name in Thai when the partner gave one. */
export function courseName(course: { name: string; nameTH: string }, locale: string): string {
  return locale === "th" && course.nameTH.trim().length > 0 ? course.nameTH : course.name;
}
