import { createListeners } from './listeners';

/*
 * The auth state of specification §3: a user and a loading flag, initialised with sample data. There
 * is no sign-in yet; the store exists so that a 401 from the API has something to clear and future
 * account pages have one place to read the user from.
 */

export interface AuthUser {
  name: string;
  email: string;
  /** URL of the avatar. */
  image: string;
  /** ISO 8601 date-time. */
  createdAt: string;
}

export interface AuthState {
  user: AuthUser | null;
  isLoading: boolean;
}

/** Sample data, as the specification says: not a real account. */
export const sampleUser: AuthUser = {
  name: 'Ada Developer',
  email: 'ada@example.com',
  image: '/favicon.svg',
  createdAt: '2025-01-01T00:00:00.000Z',
};

const initialState: AuthState = { user: sampleUser, isLoading: false };

let state: AuthState = initialState;
const listeners = createListeners();

function update(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  listeners.notify();
}

export const authStore = {
  getState: (): AuthState => state,
  subscribe: listeners.subscribe,
  setUser: (user: AuthUser): void => update({ user }),
  clearUser: (): void => update({ user: null }),
  setLoading: (isLoading: boolean): void => update({ isLoading }),
  toggleLoading: (): void => update({ isLoading: !state.isLoading }),
  /** Back to the sample data (tests). */
  reset: (): void => update(initialState),
};
