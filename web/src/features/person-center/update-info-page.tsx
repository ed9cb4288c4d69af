/**
 * /person-center/update-info (POST /api/user/profile): nickname, a short bio, the artist names the musician publishes
 * under (step 1 of publishing prefills the first) and the avatar: a picture uploaded (POST /api/common/upload), a
 * square chosen on it, cropped by the server. Enterprise accounts see their company details read-only, with a link
 * to enterprise verification (the realname pages).
 */
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { ARTIST_NAME_MAX, ARTIST_NAMES_MAX, BIO_MAX, NICKNAME_MAX } from '@trackline/contract/account-centre';
import { Avatar, Button, Form, Input } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { feedbackMessage } from '../../lib/antd-feedback';
import { ErrorState, ListSkeleton } from '../content/content-states';
import { TagInput } from '../works/tag-input';
import '../works/works.css';
import { AvatarCropper, type Crop } from './avatar-cropper';
import { type ProfileData, saveProfile, uploadImage, useProfile, useRefreshCentre } from './person-center-api';
import { PERSON_CENTER_ROUTES, PersonCenterNav } from './person-center-nav';
import { REALNAME_ROUTE } from './routes';

interface Values {
  nickname: string;
  bio: string;
  artist_names: string[];
}

function ProfileForm({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshCentre();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [picture, setPicture] = useState<{ key: string; url: string } | null>(null);
  const crop = useRef<Crop | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const onCrop = useCallback((c: Crop) => {
    crop.current = c;
  }, []);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const answer = await uploadImage(file);
      crop.current = null;
      setPicture({ key: answer.data.key, url: answer.data.url });
    } catch {
      // the API client showed why
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onFinish = async (values: Values) => {
    setSaving(true);
    try {
      const avatar = picture && crop.current ? { key: picture.key, ...crop.current } : undefined;
      const answer = await saveProfile({ ...values, avatar });
      feedbackMessage().success(answer.msg || t('personCenter.update.saved'));
      refresh();
      void navigate(PERSON_CENTER_ROUTES.information);
    } catch {
      // the API client showed why
    } finally {
      setSaving(false);
    }
  };

  const enterprise = profile.group_id !== 1;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="pc-form"
      requiredMark={false}
      initialValues={{ nickname: profile.nickname, bio: profile.bio, artist_names: profile.artist_names }}
      onFinish={onFinish}
    >
      <Form.Item label={t('personCenter.update.avatar')} extra={t('personCenter.update.avatarHint')}>
        {picture ? (
          <AvatarCropper src={picture.url} onChange={onCrop} />
        ) : (
          <Avatar
            size={96}
            src={profile.avatar ? `${profile.domain}${profile.avatar}` : undefined}
            icon={<UserOutlined />}
            alt=""
          />
        )}
        <div style={{ marginTop: 8, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            style={{ display: 'none' }}
            tabIndex={-1}
            aria-hidden="true"
            data-testid="avatar-file"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button icon={<UploadOutlined />} loading={uploading} onClick={() => fileInput.current?.click()}>
            {uploading ? t('personCenter.update.avatarUploading') : t('personCenter.update.avatarChoose')}
          </Button>
          {picture && <Button onClick={() => setPicture(null)}>{t('personCenter.update.cropReset')}</Button>}
        </div>
      </Form.Item>
      <Form.Item
        name="nickname"
        label={t('personCenter.update.nickname')}
        rules={[{ required: true, whitespace: true, message: t('personCenter.update.nicknameRequired') }]}
      >
        <Input maxLength={NICKNAME_MAX} showCount />
      </Form.Item>
      <Form.Item name="bio" label={t('personCenter.update.bio')}>
        <Input.TextArea
          maxLength={BIO_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={t('personCenter.update.bioPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="artist_names"
        label={t('personCenter.update.artistNames')}
        extra={t('personCenter.update.artistNamesHint')}
        htmlFor="pc-artist-names"
      >
        <ArtistNames />
      </Form.Item>
      {enterprise && (
        <section className="pc-card" aria-labelledby="pc-company">
          <h2 id="pc-company" className="pc-card__title">
            {t('personCenter.update.company')}
          </h2>
          <p>{profile.company_name}</p>
          <p className="pc-card__hint">{t('personCenter.update.companyHint')}</p>
          <Link to={REALNAME_ROUTE}>{t('personCenter.update.companyLink')}</Link>
        </section>
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="primary" htmlType="submit" loading={saving} disabled={uploading}>
          {t('personCenter.update.save')}
        </Button>
        <Link to={PERSON_CENTER_ROUTES.information}>
          <Button>{t('personCenter.update.cancel')}</Button>
        </Link>
      </div>
    </Form>
  );
}

/** antd's Form.Item gives value/onChange. */
function ArtistNames({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <TagInput
      id="pc-artist-names"
      value={value ?? []}
      onChange={(v) => onChange?.(v)}
      max={ARTIST_NAMES_MAX}
      maxLength={ARTIST_NAME_MAX}
      placeholder={t('personCenter.update.artistNamesPlaceholder')}
    />
  );
}

export default function UpdateInfoPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <div className="shell-width pc-page">
      <h1 className="pc-page__title">{t('personCenter.update.title')}</h1>
      <PersonCenterNav />
      {profile.isPending ? (
        <ListSkeleton rows={2} />
      ) : profile.isError || !profile.data ? (
        <ErrorState onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </div>
  );
}
