/** How the outsourcing parts name users and times. */
import { type TicketUser } from '@dv/contracts';

/** The email the token had, else the user id. */
export const userName = (user: TicketUser) => user.email ?? user.id;

/** The local date and time of an ISO instant ('11/25/26, 9:30 AM'). */
export const localWhen = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
