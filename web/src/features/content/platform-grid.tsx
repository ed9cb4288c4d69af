import { useTranslation } from 'react-i18next';
import './platforms.css';

/** The platforms a release reaches (names only: no logos to download, so the grid never delays a page). */
const PLATFORMS: ReadonlyArray<{ zh: string; en: string; initial: string }> = [
  { zh: 'QQ音乐', en: 'QQ Music', initial: 'Q' },
  { zh: '酷狗音乐', en: 'Kugou Music', initial: 'K' },
  { zh: '酷我音乐', en: 'Kuwo Music', initial: 'K' },
  { zh: '网易云音乐', en: 'NetEase Cloud Music', initial: 'N' },
  { zh: '汽水音乐', en: 'Soda Music', initial: 'S' },
  { zh: '咪咕音乐', en: 'Migu Music', initial: 'M' },
  { zh: 'Apple Music', en: 'Apple Music', initial: 'A' },
  { zh: 'Spotify', en: 'Spotify', initial: 'S' },
  { zh: 'YouTube Music', en: 'YouTube Music', initial: 'Y' },
  { zh: 'Amazon Music', en: 'Amazon Music', initial: 'A' },
  { zh: '抖音/TikTok', en: 'Douyin/TikTok', initial: 'T' },
  { zh: 'Deezer', en: 'Deezer', initial: 'D' },
];

export function PlatformGrid() {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  return (
    <ul className="platform-grid" aria-label={t('platforms.label')}>
      {PLATFORMS.map((platform) => (
        <li key={platform.en} className="platform-grid__item">
          <span className="platform-grid__initial" aria-hidden="true">
            {platform.initial}
          </span>
          {english ? platform.en : platform.zh}
        </li>
      ))}
    </ul>
  );
}
