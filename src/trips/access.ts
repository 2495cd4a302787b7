/**
 * Who may see and act on a trip, whatever screen asks: admins every trip; an agent their own; the lead
 * customer the one trip their link opened (`Who.tripId`), and once it is accepted only if they are the
 * one who accepted it; every other customer and every stranger nothing.
 */
import type { Who } from "../access/index.js";
import type { TripRecord } from "./store.js";

/** Someone asking for a trip: their Telegram id and their role, read fresh. */
export interface TripViewer {
  userId: number;
  who: Who;
}

/** How a viewer sees a trip: as staff (net prices, every action of theirs), as its lead customer, or not at all. */
export type TripSight = "staff" | "customer" | undefined;

export function tripSight(
  viewer: TripViewer,
  trip: Pick<TripRecord, "id" | "agent_id" | "customer_user_id">,
): TripSight {
  const { who, userId } = viewer;
  if (who.role === "admin") return "staff";
  if (who.role === "agent") return Number(trip.agent_id) === userId ? "staff" : undefined;
  if (who.role !== "customer" || who.tripId !== trip.id) return undefined;
  const owner = trip.customer_user_id;
  return owner === null || Number(owner) === userId ? "customer" : undefined;
}
