/**
 * Navigation from outside React (the API client's 401 handling). The router registers its
 * `navigate` here once it exists; before that, a full page load is the fallback.
 */
export type NavigateOptions = { replace?: boolean };
type NavigateFn = (to: string, options?: NavigateOptions) => void;

let navigateFn: NavigateFn | null = null;

export function setNavigate(fn: NavigateFn | null): void {
  navigateFn = fn;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (navigateFn) {
    navigateFn(to, options);
    return;
  }
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
