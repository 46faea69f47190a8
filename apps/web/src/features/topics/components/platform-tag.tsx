import { type Platform, platformColors, platformNames } from '../lib/platform';

export function PlatformTag({ platform }: { platform: Platform }) {
  return (
    <span className="topic-platform" style={{ color: platformColors[platform] }}>
      <span className="topic-platform__dot" style={{ background: platformColors[platform] }} />
      {platformNames[platform]}
    </span>
  );
}
