import { CustomerServiceOutlined } from '@ant-design/icons';

/** A work's cover thumbnail, or a placeholder when it has none yet. Decorative: the title sits next to it. */
export function WorkCover({ url, size = 56 }: { url: string | null | undefined; size?: number }) {
  return url ? (
    <img className="work-cover" src={url} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="work-cover work-cover--empty" style={{ width: size, height: size }} aria-hidden="true">
      <CustomerServiceOutlined />
    </span>
  );
}
