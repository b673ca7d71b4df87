import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { timeZoneOf } from '../format';
import { authSlice, clearAuth, selectUser, setProfile, setSession, setTokens } from './auth-slice';
import { layoutSlice } from './layout-slice';
import { clearStorage, writeProfile, writeSession, writeTokens } from './storage';

/** Writes auth changes through to local storage under the spec's keys. */
function createPersistAuthMiddleware() {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isAnyOf(setSession, setTokens, setProfile, clearAuth),
    effect: (action) => {
      if (setSession.match(action)) writeSession(action.payload);
      else if (setTokens.match(action)) writeTokens(action.payload);
      else if (setProfile.match(action))
        writeProfile(
          action.payload.userResponse,
          action.payload.scope.name,
          action.payload.scope.permissions.map((p) => p.name),
        );
      else if (clearAuth.match(action)) clearStorage();
    },
  });
  return listener.middleware;
}

/** A fresh store, hydrated from local storage (tests make their own). */
export function createAppStore() {
  return configureStore({
    reducer: { auth: authSlice.reducer, layout: layoutSlice.reducer },
    middleware: (getDefault) => getDefault().prepend(createPersistAuthMiddleware()),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

/** The application's store. */
export const store = createAppStore();

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

/** The signed-in user's company time zone (Asia/Kolkata when unknown): dates are counted there. */
export const useCompanyTimeZone = (): string => timeZoneOf(useAppSelector(selectUser));

export * from './auth-slice';
export * from './layout-slice';
export { isSignedIn, STORAGE_KEYS } from './storage';
