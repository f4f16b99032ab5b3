import { useRealtimeStatus } from '../lib/realtime/realtime-provider';
import { realtimeStrings as strings } from '../lib/realtime/realtime-strings';
import { cn } from '../lib/cn';

const LOOK = {
  live: { label: strings.live, detail: strings.liveDetail, dot: 'bg-emerald-600', text: 'text-emerald-800' },
  connecting: {
    label: strings.connecting,
    detail: strings.connectingDetail,
    dot: 'bg-zinc-400',
    text: 'text-muted-foreground',
  },
  reconnecting: {
    label: strings.reconnecting,
    detail: strings.reconnectingDetail,
    dot: 'bg-amber-500',
    text: 'text-amber-800',
  },
  offline: { label: strings.offline, detail: strings.offlineDetail, dot: 'bg-zinc-400', text: 'text-muted-foreground' },
} as const;

/**
 * The small 'Live' pill: whether payments on this page update by themselves. A polite status region, so
 * a screen reader hears when live updates stop and start again; the dot is decoration.
 */
export function LiveIndicator({ className }: { className?: string }) {
  const status = useRealtimeStatus();
  const look = LOOK[status];
  return (
    <span
      role="status"
      data-status={status}
      title={look.detail}
      className={cn(
        'inline-flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1 text-xs font-medium',
        look.text,
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', look.dot)} />
      {look.label}
      <span className="sr-only">{`: ${look.detail}`}</span>
    </span>
  );
}
