// The signed-in user, shared by the header and the account page: a data update shows the
// saved name and photo everywhere without a reload.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser, SiteConfig } from './props';

interface Session {
  site: SiteConfig;
  user: SessionUser | null;
  setUser: (user: SessionUser | null) => void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({
  site,
  initialUser,
  children,
}: {
  site: SiteConfig;
  initialUser: SessionUser | null;
  children: ReactNode;
}) {
  const [user, setUser] = useState(initialUser);
  const value = useMemo(() => ({ site, user, setUser }), [site, user]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
