import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

/**
 * Moving between pages without react-router. The public pages' links and hooks read
 * this context instead of the router's, so a signed-out visitor's first page loads neither
 * react-router nor react-query (about 45 kB of gzip JavaScript): `src/app/public-app.tsx` provides
 * it with a few lines of History API, and the full app provides it from react-router
 * (`RouterNav` in `src/app/layout/root-layout.tsx`).
 */
export interface NavLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface Nav {
  location: NavLocation;
  navigate(to: string, options?: { replace?: boolean }): void;
}

const NavContext = createContext<Nav | null>(null);
export const NavProvider = NavContext.Provider;

function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('A page link is rendered outside NavProvider');
  return nav;
}

export function useAppLocation(): NavLocation {
  return useNav().location;
}

export function useAppNavigate(): Nav['navigate'] {
  return useNav().navigate;
}

/** True inside the public pages' light shell: the shell mounts the toaster itself, above both trees. */
const PublicShellContext = createContext(false);
export const PublicShellProvider = PublicShellContext.Provider;
export function useInPublicShell(): boolean {
  return useContext(PublicShellContext);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> & {
  to: string;
  children: ReactNode;
};

/**
 * react-router's rules: a plain left click in this tab moves inside the app, the rest is the
 * browser's; a link to the page already shown replaces its history entry rather than adding a
 * second one the back button would stop at.
 */
function useClickHandler(to: string, target: string | undefined) {
  const { navigate, location } = useNav();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace: to === location.pathname + location.search + location.hash });
  };
}

/** A link to a page of this app (an `<a href>` that works before any script has run). */
export function AppLink({ to, className, onClick, ...rest }: LinkProps & { className?: string }) {
  const handle = useClickHandler(to, rest.target);
  return (
    <a
      {...rest}
      href={to}
      className={className}
      onClick={(event) => {
        onClick?.(event);
        handle(event);
      }}
    />
  );
}

/** A link that marks the page on screen (`aria-current="page"`), like react-router's NavLink. */
export function AppNavLink({
  to,
  className,
  ...rest
}: LinkProps & { className: (state: { isActive: boolean }) => string }) {
  const { pathname } = useAppLocation();
  const path = to.length > 1 ? to.replace(/\/+$/, '') : to;
  const isActive = pathname === path || (path !== '/' && pathname.startsWith(`${path}/`));
  return <AppLink {...rest} to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} />;
}
