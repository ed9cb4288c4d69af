/** Adding a background: names in both languages and its spec (category, style, colours, and angle, size or seed). */
import { BACKGROUND_CATEGORIES, type BackgroundCategory, type BackgroundSpec } from '@trackline/contract/covers';
import { Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useAdminT } from '../i18n';

const KINDS = {
  gradient: ['linear', 'radial'],
  pattern: ['stripes', 'dots', 'grid', 'waves', 'rings'],
  texture: ['grain', 'clouds', 'paper'],
} as const satisfies Record<BackgroundCategory, readonly string[]>;

interface Values {
  name_zh: string;
  name_en: string;
  category: BackgroundCategory;
  kind: string;
  colours: string[];
  angle: number;
  scale: number;
  seed: number;
}

function specOf(v: Values): BackgroundSpec {
  if (v.category === 'gradient')
    return {
      category: 'gradient',
      gradient: { kind: v.kind as 'linear' | 'radial', colors: v.colours.slice(0, 4), angle: v.angle },
    };
  const two = [v.colours[0] ?? '#000000', v.colours[1] ?? '#ffffff'];
  if (v.category === 'pattern')
    return { category: 'pattern', pattern: { kind: v.kind as 'stripes', colors: two, scale: v.scale } };
  return { category: 'texture', texture: { kind: v.kind as 'grain', colors: two, seed: v.seed } };
}

export function BackgroundFormModal(props: {
  open: boolean;
  onClose: () => void;
  onSubmit: (body: { name_zh: string; name_en: string; spec: BackgroundSpec }) => Promise<void>;
}) {
  const { t } = useAdminT();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  // `preserve`: the colours are watched before any of their inputs is registered (they are drawn from this list).
  const category: BackgroundCategory = Form.useWatch('category', { form, preserve: true }) ?? 'gradient';
  const colours: string[] = Form.useWatch('colours', { form, preserve: true }) ?? [];
  const maxColours = category === 'gradient' ? 4 : 2;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const all = { ...form.getFieldsValue(true), ...v } as Values;
      await props.onSubmit({ name_zh: all.name_zh, name_en: all.name_en, spec: specOf(all) });
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={props.open} title={t('covers.add')} onCancel={props.onClose} footer={null} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          category: 'gradient',
          kind: 'linear',
          colours: ['#1e3c72', '#e96443'],
          angle: 135,
          scale: 200,
          seed: 1,
        }}
      >
        <Form.Item name="name_zh" label={t('covers.nameZh')} rules={[{ required: true, max: 40 }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="name_en" label={t('covers.nameEn')} rules={[{ required: true, max: 40 }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="category" label={t('covers.category')}>
          <Select
            options={BACKGROUND_CATEGORIES.map((c) => ({ value: c, label: t(`covers.categories.${c}`) }))}
            onChange={(c: BackgroundCategory) => {
              form.setFieldValue('kind', KINDS[c][0]);
              form.setFieldValue(
                'colours',
                (form.getFieldValue('colours') as string[]).slice(0, c === 'gradient' ? 4 : 2),
              );
            }}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('covers.kind')}>
          <Select options={KINDS[category].map((k) => ({ value: k, label: t(`covers.kinds.${k}`) }))} />
        </Form.Item>
        <fieldset className="covers-admin__colours">
          <legend>{t('covers.colours')}</legend>
          {colours.map((_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: colours are edited in place, by their position
            <Form.Item key={i} name={['colours', i]} label={t('covers.colour', { n: String(i + 1) })}>
              <Input type="color" style={{ width: 72, padding: 2 }} />
            </Form.Item>
          ))}
          {colours.length < maxColours && (
            <Button onClick={() => form.setFieldValue('colours', [...colours, '#ffffff'])}>
              {t('covers.addColour')}
            </Button>
          )}
        </fieldset>
        {category === 'gradient' && (
          <Form.Item name="angle" label={t('covers.angle')}>
            <InputNumber min={0} max={360} />
          </Form.Item>
        )}
        {category === 'pattern' && (
          <Form.Item name="scale" label={t('covers.scale')}>
            <InputNumber min={40} max={1000} />
          </Form.Item>
        )}
        {category === 'texture' && (
          <Form.Item name="seed" label={t('covers.seed')}>
            <InputNumber min={0} max={9999} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('covers.add')}
        </Button>
      </Form>
    </Modal>
  );
}
