/**
 * The platforms a work goes to, as checkbox cards grouped by region (mainland China, worldwide), each group with
 * a "select all" that shows when only part of it is chosen.
 */
import type { PlatformItem } from '@trackline/contract/work-model';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';

const REGIONS: PlatformItem['region'][] = ['cn', 'global'];

interface PlatformPickerProps {
  platforms: PlatformItem[];
  value: string[];
  onChange: (codes: string[]) => void;
}

export function PlatformPicker({ platforms, value, onChange }: PlatformPickerProps) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  const toggle = (codes: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const code of codes) {
      if (on) next.add(code);
      else next.delete(code);
    }
    // Kept in the platforms' own order, so what is sent does not depend on the clicking order.
    onChange(platforms.filter((p) => next.has(p.code)).map((p) => p.code));
  };

  return (
    <div className="platform-picker">
      {REGIONS.map((region) => {
        const group = platforms.filter((p) => p.region === region);
        if (group.length === 0) return null;
        const codes = group.map((p) => p.code);
        const count = codes.filter((c) => chosen.has(c)).length;
        const headingId = `platform-region-${region}`;
        return (
          <fieldset key={region} className="platform-picker__group" aria-labelledby={headingId}>
            <div className="platform-picker__head">
              <h3 id={headingId} className="platform-picker__region">
                {t(`works.scope.region.${region}`)}
              </h3>
              <Checkbox
                checked={count === codes.length}
                indeterminate={count > 0 && count < codes.length}
                onChange={(e) => toggle(codes, e.target.checked)}
              >
                {t('works.scope.selectAll', { region: t(`works.scope.region.${region}`) })}
              </Checkbox>
            </div>
            <ul className="platform-picker__grid">
              {group.map((platform) => (
                <li key={platform.code}>
                  <label className={chosen.has(platform.code) ? 'platform-card platform-card--on' : 'platform-card'}>
                    <input
                      type="checkbox"
                      className="platform-card__input"
                      checked={chosen.has(platform.code)}
                      onChange={(e) => toggle([platform.code], e.target.checked)}
                    />
                    <span className="platform-card__name">{platform.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
