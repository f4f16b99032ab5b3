/** Words the realtime connection shows wherever its indicator is drawn (docs/decisions.md #2: one place). */
export const realtimeStrings = {
  live: 'Live',
  liveDetail: 'Payments update as they happen.',
  connecting: 'Connecting...',
  connectingDetail: 'Connecting to live updates.',
  reconnecting: 'Reconnecting...',
  reconnectingDetail: 'Live updates paused; reconnecting.',
  offline: 'Offline',
  offlineDetail: 'Live updates are off.',
} as const;
