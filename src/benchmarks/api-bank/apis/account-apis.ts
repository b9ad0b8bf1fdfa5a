/** Ports of the account APIs: tokens, registration, passwords, bank (official apis/*.py behaviour). */
import { respond, type ApiContext, type ApiDefinition, type ApiResponse, type RecordedResult } from '../api-types.ts';
import { PythonError, pythonEquals, pythonItem } from '../python-values.ts';

/** The official CheckToken: the username whose token equals `token`. */
export function checkToken(context: ApiContext, token: unknown): string {
  const accounts = context.databases.Account as Record<string, { token: unknown }>;
  for (const username of Object.keys(accounts)) if (pythonEquals(accounts[username]!.token, token)) return username;
  throw new PythonError('The token is invalid.');
}

/** The common official check: input, output and exception all equal to the recorded ones. */
export function sameInputOutputException(response: ApiResponse, groundTruth: RecordedResult): boolean {
  return (
    pythonEquals(response.input, pythonItem(groundTruth, 'input')) &&
    pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
    pythonEquals(response.exception, pythonItem(groundTruth, 'exception'))
  );
}

const accounts = (context: ApiContext): Record<string, Record<string, unknown>> => context.databases.Account;

export const getUserToken: ApiDefinition = {
  name: 'GetUserToken',
  parameters: { username: 'str', password: 'str' },
  required: ['username', 'password'],
  call: ({ username, password }, context) =>
    respond('GetUserToken', { username, password }, () => {
      const record = accounts(context)[username as string];
      if (typeof username !== 'string' || !Object.hasOwn(accounts(context), username))
        throw new PythonError('The username does not exist.');
      if (!pythonEquals(record!.password, password)) throw new PythonError('The password is incorrect.');
      return { token: record!.token };
    }),
  check: sameInputOutputException,
};

export const registerUser: ApiDefinition = {
  name: 'RegisterUser',
  parameters: { username: 'str', password: 'str', email: 'str' },
  required: ['username', 'password', 'email'],
  call: ({ username, password, email }, context) =>
    respond(undefined, { username, password, email }, () => {
      if (typeof username === 'string' && Object.hasOwn(accounts(context), username))
        throw new PythonError('The username already exists.');
      // random.choices(ascii_letters + digits, k=18).lower(): any token works, the check ignores its value.
      const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
      let token = '';
      for (let index = 0; index < 18; index++) token += alphabet[context.random.int(0, alphabet.length - 1)];
      token = token.toLowerCase();
      accounts(context)[String(username)] = { password, token, email };
      return { token };
    }),
  check: (response, groundTruth) => {
    if (pythonItem(groundTruth, 'output') === null && response.output !== null) return false;
    return (
      pythonEquals(response.input, pythonItem(groundTruth, 'input')) &&
      pythonEquals(response.exception, pythonItem(groundTruth, 'exception'))
    );
  },
};

export const deleteAccount: ApiDefinition = {
  name: 'DeleteAccount',
  parameters: { token: 'str' },
  required: ['token'],
  call: ({ token }, context) =>
    respond(undefined, { token }, () => {
      const username = checkToken(context, token);
      if (Object.hasOwn(accounts(context), username)) {
        delete accounts(context)[username];
        return { status: 'success' };
      }
      throw new PythonError('No such user.');
    }),
  check: sameInputOutputException,
};

export const modifyPassword: ApiDefinition = {
  name: 'ModifyPassword',
  parameters: { token: 'str', old_password: 'str', new_password: 'str' },
  required: ['token', 'old_password', 'new_password'],
  call: ({ token, old_password: oldPassword, new_password: newPassword }, context) =>
    respond('ModifyPassword', { token, old_password: oldPassword, new_password: newPassword }, () => {
      const username = checkToken(context, token);
      if (!pythonEquals(accounts(context)[username]!.password, oldPassword))
        throw new PythonError('The old password is incorrect.');
      accounts(context)[username]!.password = newPassword;
      return { status: 'success' };
    }),
  check: (response, groundTruth) =>
    pythonEquals(response.input, pythonItem(groundTruth, 'input')) &&
    pythonEquals(response.exception, pythonItem(groundTruth, 'exception')) &&
    pythonEquals(response.output, pythonItem(groundTruth, 'output')),
};

/** Two-step password reset; the code of the first step lives in the API instance (session state). */
export const forgotPassword: ApiDefinition = {
  name: 'ForgotPassword',
  parameters: { status: 'str', username: 'str', email: 'str', verification_code: 'int', new_password: 'str' },
  required: ['status'],
  call: (values, context) => {
    const { status, ...keywords } = values;
    return respond(undefined, { status, ...keywords }, () => {
      const session = context.sessionState as { verificationCode?: number; username?: string };
      if (status === 'Forgot Password') {
        if (!('username' in keywords) || !('email' in keywords))
          throw new PythonError('The username and email are required for the first call.');
        const username = keywords.username;
        if (typeof username !== 'string' || !Object.hasOwn(accounts(context), username))
          throw new PythonError('The username does not exist.');
        if (!pythonEquals(accounts(context)[username]!.email, keywords.email))
          throw new PythonError('The email is incorrect.');
        session.verificationCode = 970420;
        session.username = username;
        return session.verificationCode;
      }
      if (status === 'Verification Code') {
        if (!session.verificationCode)
          throw new PythonError("You need to call the API with status 'Forgot Password' at first.");
        if (!('new_password' in keywords) || !('verification_code' in keywords))
          throw new PythonError('The new password and verification code are required for the second call.');
        if (pythonEquals(session.verificationCode, keywords.verification_code)) {
          accounts(context)[session.username!]!.password = keywords.new_password;
          return 'success';
        }
        throw new PythonError('The verification code is incorrect.');
      }
      throw new PythonError("The status is only 'Forgot Password' or 'Verification Code'.");
    });
  },
  check: sameInputOutputException,
};

/** OpenBankAccount keeps its own one-row database ({0: test/test/yifei}), not an init_database file. */
export const openBankAccount: ApiDefinition = {
  name: 'OpenBankAccount',
  parameters: { account: 'str', password: 'str', name: 'str' },
  required: ['account', 'password', 'name'],
  call: ({ account, password, name }, context) =>
    respond('OpenBankAccount', { account, password, name }, () => {
      context.databases.OpenBankAccount ??= { 0: { account: 'test', password: 'test', name: 'yifei' } };
      const database = context.databases.OpenBankAccount as Record<string, { account: unknown }>;
      for (const key of Object.keys(database)) if (pythonEquals(database[key]!.account, account)) return 'failed';
      database[String(Object.keys(database).length + 1)] = { account, password, name } as { account: unknown };
      return 'success';
    }),
  check: sameInputOutputException,
};

export const queryBalance: ApiDefinition = {
  name: 'QueryBalance',
  parameters: { token: 'str' },
  required: ['token'],
  call: ({ token }, context) =>
    respond('QueryBalance', { token }, () => {
      let username: string;
      try {
        if (typeof token !== 'string') throw new PythonError('not a string');
        username = checkToken(context, token);
      } catch {
        throw new PythonError('The token is incorrect.');
      }
      const bank = context.databases.Bank as Record<string, { balance: unknown }>;
      if (!Object.hasOwn(bank, username)) throw new PythonError('The user does not have an account.');
      return bank[username]!.balance;
    }),
  check: (response, groundTruth) => {
    const responseToken = String((response.input as Record<string, unknown>).token).trim();
    const groundTruthToken = String(pythonItem(pythonItem(groundTruth, 'input'), 'token')).trim();
    return (
      responseToken === groundTruthToken &&
      pythonEquals(response.output, pythonItem(groundTruth, 'output')) &&
      pythonEquals(response.exception, pythonItem(groundTruth, 'exception'))
    );
  },
};
