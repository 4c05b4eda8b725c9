import { useCallback, useEffect, useState } from 'react';
import { hrefOf, routeOf, type Route } from './routes';

/**
 * The route in the page's URL fragment, followed as it changes (a link, back, forward). `go` moves to
 * another route as a new history entry; `replace` without one (a first visit sent to its place).
 */
export function useRoute() {
  const [route, setRoute] = useState<Route>(() => routeOf(window.location.hash));
  useEffect(() => {
    const follow = () => {
      setRoute(routeOf(window.location.hash));
    };
    window.addEventListener('hashchange', follow);
    return () => {
      window.removeEventListener('hashchange', follow);
    };
  }, []);
  const go = useCallback((next: Exclude<Route, { kind: 'none' }>) => {
    window.location.hash = hrefOf(next);
  }, []);
  const replace = useCallback((next: Exclude<Route, { kind: 'none' }>) => {
    // replaceState fires no hashchange: the state follows by hand.
    window.history.replaceState(null, '', hrefOf(next));
    setRoute(next);
  }, []);
  return { route, go, replace };
}
