import { sql, type Kysely, type Migration } from "kysely";

/**
 * A customer's course, kept with the customer (`customers.course_id`): the course of the link or the
 * inline offer that admitted them (null: every course). Offers are pruned once their tee time starts,
 * so the customer row is where the rule "a customer stays within what their way in allows" is read
 * when a hold is placed. Existing customers take their link's, else their offer's, course.
 */
export const customerScope: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("customers").addColumn("course_id", "varchar(128)").execute();
    await sql`UPDATE customers SET course_id = COALESCE(
      (SELECT links.course_id FROM links WHERE links.token = customers.link_token),
      (SELECT offers.course_id FROM offers WHERE offers.token = customers.link_token)
    )`.execute(db);
  },
};
