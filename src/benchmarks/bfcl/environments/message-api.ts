/**
 * Port of BFCL's MessageAPI (message_api.py): users, a login, and an inbox of {receiver: text}
 * entries. Message ids come from Python's `random.Random(random_seed or 200191)`.
 */
import { method, methodTable, type EnvironmentInstance } from '../environment.ts';
import { deepCopy, pythonEquals } from '../python-values.ts';
import { PythonRandom } from '../python-random.ts';

const DEFAULT_STATE = {
  user_count: 4,
  user_map: { Alice: 'USR001', Bob: 'USR002', Catherine: 'USR003', Daniel: 'USR004' } as Record<string, string>,
  inbox: [
    { USR002: 'My name is Alice. I want to connect.' },
    { USR003: 'Could you upload the file?' },
    { USR004: 'Could you upload the file?' },
  ] as Record<string, string>[],
  message_count: 3,
  current_user: null as string | null,
};

export class MessageApi implements EnvironmentInstance {
  readonly className = 'MessageAPI';
  private readonly random: PythonRandom;
  private generatedIds: Set<number>;
  private userCount: number;
  private userMap: Record<string, string>;
  private inbox: Record<string, string>[];
  private messageCount: number;
  private currentUser: string | null;

  constructor(scenario: Record<string, unknown>) {
    const defaults = deepCopy(DEFAULT_STATE);
    const pick = <T>(key: string, fallback: T): T => (key in scenario ? (scenario[key] as T) : fallback);
    this.random = new PythonRandom(pick('random_seed', 200191));
    this.generatedIds = new Set(pick<number[]>('generated_ids', []));
    this.userCount = pick('user_count', defaults.user_count);
    this.userMap = pick('user_map', defaults.user_map);
    this.inbox = pick('inbox', defaults.inbox);
    this.messageCount = pick('message_count', defaults.message_count);
    this.currentUser = pick('current_user', defaults.current_user);
  }

  publicState(): Record<string, unknown> {
    return {
      generated_ids: this.generatedIds,
      user_count: this.userCount,
      user_map: this.userMap,
      inbox: this.inbox,
      message_count: this.messageCount,
      current_user: this.currentUser,
    };
  }

  private generateId(): { new_id: number } {
    let id = this.random.randint(10000, 99999);
    while (this.generatedIds.has(id)) id = this.random.randint(10000, 99999);
    this.generatedIds.add(id);
    return { new_id: id };
  }

  private firstEntry(message: Record<string, string>): [string, string] {
    return Object.entries(message)[0] as [string, string];
  }

  readonly methods = methodTable([
    method('list_users()', () => ({ user_list: Object.keys(this.userMap) })),
    method('get_user_id(user: str)', ({ user }) =>
      Object.hasOwn(this.userMap, user as string)
        ? { user_id: this.userMap[user as string] }
        : { error: `User '${user}' not found in the workspace.` },
    ),
    method('message_login(user_id: str)', ({ user_id }) => {
      if (!Object.values(this.userMap).includes(user_id as string))
        return { login_status: false, message: `User ID '${user_id}' not found.` };
      this.currentUser = user_id as string;
      return { login_status: true, message: `User '${user_id}' logged in successfully.` };
    }),
    method('message_get_login_status()', () => ({ login_status: Boolean(this.currentUser) })),
    method('send_message(receiver_id: str, message: str)', ({ receiver_id, message }) => {
      if (!this.currentUser) return { error: 'No user is currently logged in.' };
      if (!Object.values(this.userMap).includes(receiver_id as string))
        return { error: `Receiver ID '${receiver_id}' not found.` };
      const messageId = this.generateId();
      this.inbox.push({ [receiver_id as string]: message as string });
      this.messageCount += 1;
      return { sent_status: true, message_id: messageId, message: `Message sent to '${receiver_id}' successfully.` };
    }),
    method('delete_message(receiver_id: str)', ({ receiver_id }) => {
      if (!this.currentUser) return { error: 'No user is currently logged in.' };
      for (const message of [...this.inbox].reverse()) {
        const [receiver] = this.firstEntry(message);
        if (receiver === receiver_id) {
          // Python's list.remove drops the first element equal to this one, which may be an earlier duplicate.
          this.inbox.splice(
            this.inbox.findIndex((item) => pythonEquals(item, message)),
            1,
          );
          return {
            deleted_status: true,
            receiver_id: receiver,
            message: `Receiver ${receiver_id}'s latest message deleted successfully.`,
          };
        }
      }
      return { error: `Receiver ID ${receiver_id} not found.` };
    }),
    method('view_messages_sent()', () => {
      if (!this.currentUser) return { error: 'No user is currently logged in.' };
      const sent: Record<string, string[]> = {};
      for (const message of this.inbox) {
        const [receiver, content] = this.firstEntry(message);
        const list = sent[receiver] ?? [];
        sent[receiver] = list;
        list.push(content);
      }
      return { messages: sent };
    }),
    method('add_contact(user_name: str)', ({ user_name }) => {
      const name = user_name as string;
      if (Object.hasOwn(this.userMap, name)) return { error: `User name '${name}' already exists.` };
      this.userCount += 1;
      const userId = `USR${String(this.userCount).padStart(3, '0')}`;
      if (Object.values(this.userMap).includes(userId)) return { error: `User ID '${userId}' already exists.` };
      this.userMap[name] = userId;
      return { added_status: true, user_id: userId, message: `Contact '${name}' added successfully.` };
    }),
    method('search_messages(keyword: str)', ({ keyword }) => {
      if (!this.currentUser) return { error: 'No user is currently logged in.' };
      const needle = (keyword as string).toLowerCase();
      const results = this.inbox
        .map((message) => this.firstEntry(message))
        .filter(([, content]) => content.toLowerCase().includes(needle))
        .map(([receiver, content]) => ({ receiver_id: receiver, message: content }));
      return { results };
    }),
    method('get_message_stats()', () => {
      if (!this.currentUser) return { error: 'No user is currently logged in.' };
      const contacts = new Set(this.inbox.map((message) => this.firstEntry(message)[0]));
      return { stats: { received_count: this.inbox.length, total_contacts: contacts.size } };
    }),
  ]);
}
