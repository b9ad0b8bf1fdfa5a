/** Port of BFCL's TicketAPI (ticket_api.py): a support-ticket queue with a simplified login. */
import { method, methodTable, type EnvironmentInstance } from '../environment.ts';
import { arithmetic, toNumber } from '../python-float.ts';
import { isDict, pythonEquals, pythonTruthy } from '../python-values.ts';

type Ticket = Record<string, unknown> & { id: unknown; status: string; created_by: unknown };

export class TicketApi implements EnvironmentInstance {
  readonly className = 'TicketAPI';
  private ticketQueue: Ticket[];
  private ticketCounter: unknown;
  private currentUser: string | null;

  constructor(scenario: Record<string, unknown>) {
    const pick = <T>(key: string, fallback: T): T => (key in scenario ? (scenario[key] as T) : fallback);
    this.ticketQueue = pick('ticket_queue', []);
    this.ticketCounter = pick('ticket_counter', 1);
    this.currentUser = pick('current_user', null);
  }

  publicState(): Record<string, unknown> {
    return { ticket_queue: this.ticketQueue, ticket_counter: this.ticketCounter, current_user: this.currentUser };
  }

  /** Python compares ids with ==, so a string id matches a ticket whose id is that string. */
  private findTicket(id: unknown): Ticket | undefined {
    return this.ticketQueue.find((ticket) => pythonEquals(ticket.id, id));
  }

  readonly methods = methodTable([
    method(
      'create_ticket(title: str, description: str = "", priority: int = 1)',
      ({ title, description, priority }) => {
        if (!this.currentUser) return { error: 'User not authenticated. Please log in to create a ticket.' };
        const level = toNumber(priority);
        if (level < 1 || level > 5) return { error: 'Invalid priority. Priority must be between 1 and 5.' };
        const ticket: Ticket = {
          id: this.ticketCounter,
          title,
          description,
          status: 'Open',
          priority,
          created_by: this.currentUser,
        };
        this.ticketQueue.push(ticket);
        this.ticketCounter = arithmetic('+', this.ticketCounter, 1);
        return ticket;
      },
    ),
    method(
      'get_ticket(ticket_id: any)',
      ({ ticket_id }) => this.findTicket(ticket_id) ?? { error: `Ticket with ID ${ticket_id} not found.` },
    ),
    method('close_ticket(ticket_id: any)', ({ ticket_id }) => {
      const ticket = this.findTicket(ticket_id);
      if (!ticket) return { error: `Ticket with ID ${ticket_id} not found.` };
      if (ticket.status === 'Closed') return { error: `Ticket with ID ${ticket_id} is already closed.` };
      ticket.status = 'Closed';
      return { status: `Ticket ${ticket_id} has been closed successfully.` };
    }),
    method('resolve_ticket(ticket_id: any, resolution: str)', ({ ticket_id, resolution }) => {
      const ticket = this.findTicket(ticket_id);
      if (!ticket) return { error: `Ticket with ID ${ticket_id} not found.` };
      if (ticket.status === 'Resolved') return { error: `Ticket with ID ${ticket_id} is already resolved.` };
      ticket.status = 'Resolved';
      ticket.resolution = resolution;
      return { status: `Ticket ${ticket_id} has been resolved successfully.` };
    }),
    method('edit_ticket(ticket_id: any, updates: dict)', ({ ticket_id, updates }) => {
      const ticket = this.findTicket(ticket_id);
      if (!ticket) return { error: `Ticket with ID ${ticket_id} not found.` };
      const changes = isDict(updates) ? updates : {};
      const validFields = new Set(['title', 'description', 'status', 'priority']);
      const invalid = Object.keys(changes).filter((key) => !validFields.has(key));
      if (invalid.length > 0) return { error: `Invalid fields for update: ${invalid.join(', ')}` };
      for (const [key, value] of Object.entries(changes)) if (value !== null) ticket[key] = value;
      return { status: `Ticket ${ticket_id} has been updated successfully.` };
    }),
    method('ticket_login(username: str, password: str)', ({ username, password }) => {
      if (pythonTruthy(username) && pythonTruthy(password)) {
        this.currentUser = username as string;
        return { success: true };
      }
      return { success: false };
    }),
    method('ticket_get_login_status()', () => ({ login_status: Boolean(this.currentUser) })),
    method('logout()', () => {
      if (!this.currentUser) return { success: false };
      this.currentUser = null;
      return { success: true };
    }),
    method('get_user_tickets(status: Optional[str] = None)', ({ status }) => {
      if (!this.currentUser) return [{ error: 'User not authenticated. Please log in to view tickets.' }];
      let tickets = this.ticketQueue.filter((ticket) => ticket.created_by === this.currentUser);
      if (pythonTruthy(status))
        tickets = tickets.filter((ticket) => ticket.status.toLowerCase() === (status as string).toLowerCase());
      return tickets;
    }),
  ]);
}
