/**
 * The accounts feature's public surface: who is signed in, the user's cached data and display
 * name, and the post-login redirect. Other features and app/ import from here only.
 */
export { AuthProvider } from './auth-provider';
export { useAuth, type AuthContextValue } from './use-auth';
export { displayName } from './display-name';
export { mergeProfile, extractToken, extractUser, type AuthUser } from './user';
export {
  forgetAccount,
  forgetSession,
  readCachedUser,
  readSavedProfile,
  removeToken,
  storeProfile,
  storeUser,
} from './auth-storage';
export { dispatchUserDataUpdated, onUserDataUpdated, USER_DATA_UPDATED } from './user-events';
export {
  POST_LOGIN_REDIRECT_KEY,
  forgetPostLoginTarget,
  rememberPostLoginTarget,
  takePostLoginTarget,
} from './post-login-redirect';
export { PasswordField } from './components/password-field';
