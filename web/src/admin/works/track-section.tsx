/**
 * One track as an editor checks it: a player for the main audio and for every other audio material (native
 * <audio controls>, keyboard operable and announced by screen readers with its label), what the file analysis found,
 * the MV and lyrics files as links, the track's credits and codes, and its lyrics.
 */
import { MATERIAL_FILE_KIND, MATERIAL_LABELS, type MaterialItem, type TrackItem } from '@trackline/contract/work-model';
import { Descriptions, Empty } from 'antd';
import { useAdminT } from '../i18n';
import { pickLabel } from './work-status-tag';

function duration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function numberMeta(meta: MaterialItem['meta'], key: string): number | null {
  const value = meta?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function AudioMaterial({ material, title }: { material: MaterialItem; title: string }) {
  const { t, language } = useAdminT();
  const label = t('review.player', { material: pickLabel(MATERIAL_LABELS[material.kind], language), title });
  const rate = numberMeta(material.meta, 'sampleRate');
  const seconds = numberMeta(material.meta, 'durationSec');
  const format = material.meta?.format;
  return (
    <figure className="admin-review-player">
      <figcaption>
        <strong>{pickLabel(MATERIAL_LABELS[material.kind], language)}</strong>
        <span className="admin-muted">
          {' '}
          {material.name} · {fileSize(material.size)}
        </span>
      </figcaption>
      {/* biome-ignore lint/a11y/useMediaCaption: music with no speech track to caption; the lyrics are shown below. */}
      <audio controls preload="metadata" src={material.url} aria-label={label} className="admin-review-audio">
        <a href={material.url}>{t('review.audioUnsupported')}</a>
      </audio>
      {rate !== null && (
        <div className="admin-review-audio-meta">
          {t('review.audioMeta', {
            format: typeof format === 'string' ? format.toUpperCase() : '?',
            rate: Math.round(rate / 10) / 100,
            bits: numberMeta(material.meta, 'bitDepth') ?? '--',
            channels: numberMeta(material.meta, 'channels') ?? '?',
            duration: seconds === null ? '?' : duration(seconds),
          })}
        </div>
      )}
    </figure>
  );
}

export function TrackSection({ track, count }: { track: TrackItem; count: number }) {
  const { t, language } = useAdminT();
  const title = (track.title || t('review.untitled')) + (track.version ? ` (${track.version})` : '');
  const audio = track.materials.filter((m) => MATERIAL_FILE_KIND[m.kind] === 'audio');
  // The main audio first, the other audio materials in the contract's order.
  audio.sort((a, b) => (a.kind === 'music' ? -1 : b.kind === 'music' ? 1 : 0));
  const others = track.materials.filter((m) => MATERIAL_FILE_KIND[m.kind] !== 'audio');
  const names = (list: string[]) => (list.length > 0 ? list.join(' / ') : t('review.none'));

  return (
    <section className="admin-review-track" aria-labelledby={`track-${track.id}`}>
      <h3 id={`track-${track.id}`} className="admin-review-subheading">
        {count > 1 ? t('review.trackHeading', { n: track.position, title }) : title}
      </h3>
      {!audio.some((m) => m.kind === 'music') && <p className="admin-review-missing">{t('review.noAudio')}</p>}
      {audio.map((material) => (
        <AudioMaterial key={material.id} material={material} title={title} />
      ))}
      {others.length > 0 && (
        <ul className="admin-review-files">
          {others.map((material) => (
            <li key={material.id}>
              <strong>{pickLabel(MATERIAL_LABELS[material.kind], language)}</strong>{' '}
              <a href={material.url} target="_blank" rel="noreferrer">
                {material.kind === 'mv' ? t('review.mvLink') : material.name}
              </a>
              <span className="admin-muted"> · {fileSize(material.size)}</span>
            </li>
          ))}
        </ul>
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'primary', label: t('review.fields.primary_artists'), children: names(track.primary_artists) },
          { key: 'featured', label: t('review.fields.featured_artists'), children: names(track.featured_artists) },
          { key: 'lyricist', label: t('review.fields.lyricist'), children: names(track.lyricist) },
          { key: 'composer', label: t('review.fields.composer'), children: names(track.composer) },
          { key: 'arranger', label: t('review.fields.arranger'), children: names(track.arranger) },
          { key: 'producer', label: t('review.fields.producer'), children: names(track.producer) },
          {
            key: 'isrc',
            label: t('review.fields.isrc'),
            children: track.isrc ? <code>{track.isrc}</code> : t('review.toBeAssigned'),
          },
          {
            key: 'language',
            label: t('review.fields.language'),
            children: track.language ? t(`review.languages.${track.language}`) : t('review.none'),
          },
          {
            key: 'explicit',
            label: t('review.fields.explicit'),
            children: track.explicit ? t('review.yes') : t('review.no'),
          },
        ]}
      />
      <h4 className="admin-review-minor-heading">{t('review.fields.lyrics')}</h4>
      {track.lyrics ? (
        <pre className="admin-review-lyrics">{track.lyrics}</pre>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('review.lyricsEmpty')} />
      )}
    </section>
  );
}
