/**
 * The console's rich-text editor (Tiptap): a Form.Item control whose value is HTML. It loads in a chunk of its own
 * (rich-text-field.tsx imports it lazily), so only the console's editor pages download it, never a public page.
 *
 * What it can produce is what the server's sanitizer keeps (content/sanitize.ts): paragraphs, h2/h3, bold, italic,
 * underline, strike, lists, quotes, links, images, rules. Images upload through POST /api/admin/upload/image.
 *
 * The toolbar is one tab stop (role="toolbar" with a roving tabindex: arrow keys, Home and End move between its
 * buttons); each button has an aria-label, toggles report aria-pressed, and the editable area is a labelled
 * multi-line textbox. Mod-B / Mod-I / Mod-U and the other Tiptap shortcuts work in the text.
 */
import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  LoadingOutlined,
  MinusOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Form, Input, Modal } from 'antd';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { type AdminKey, useAdminT } from '../i18n';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, isAllowedImageType, uploadImage } from '../shell/upload-api';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** From Form.Item: given to the editable area, so the item's label points at it. */
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  /** The field's name: the editable area's and the toolbar's accessible names. */
  label: string;
}

/** The addresses a link may take: what the sanitizer keeps. */
const LINK_PATTERN = /^(https?:\/\/\S+|mailto:\S+|\/(?!\/)\S*)$/i;

interface ToolButton {
  key: string;
  label: AdminKey;
  icon: ReactNode;
  /** Shown in the tooltip (title); the shortcut already works in the text. */
  shortcut?: string;
  run: (editor: Editor, ui: { openLink(): void; pickImage(): void }) => void;
  /** A toggle: its state is announced with aria-pressed. */
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
}

const chain = (editor: Editor) => editor.chain().focus();

const FORMAT_BUTTONS: ToolButton[] = [
  {
    key: 'bold',
    label: 'content.rich.bold',
    icon: <BoldOutlined />,
    shortcut: 'Ctrl+B',
    run: (e) => chain(e).toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    key: 'italic',
    label: 'content.rich.italic',
    icon: <ItalicOutlined />,
    shortcut: 'Ctrl+I',
    run: (e) => chain(e).toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    key: 'underline',
    label: 'content.rich.underline',
    icon: <UnderlineOutlined />,
    shortcut: 'Ctrl+U',
    run: (e) => chain(e).toggleUnderline().run(),
    active: (e) => e.isActive('underline'),
  },
  {
    key: 'strike',
    label: 'content.rich.strike',
    icon: <StrikethroughOutlined />,
    shortcut: 'Ctrl+Shift+S',
    run: (e) => chain(e).toggleStrike().run(),
    active: (e) => e.isActive('strike'),
  },
  {
    key: 'h2',
    label: 'content.rich.h2',
    icon: <span className="rte-glyph">H2</span>,
    run: (e) => chain(e).toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    key: 'h3',
    label: 'content.rich.h3',
    icon: <span className="rte-glyph">H3</span>,
    run: (e) => chain(e).toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive('heading', { level: 3 }),
  },
  {
    key: 'bulletList',
    label: 'content.rich.bulletList',
    icon: <UnorderedListOutlined />,
    run: (e) => chain(e).toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  {
    key: 'orderedList',
    label: 'content.rich.orderedList',
    icon: <OrderedListOutlined />,
    run: (e) => chain(e).toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
  {
    key: 'blockquote',
    label: 'content.rich.blockquote',
    icon: <span className="rte-glyph">“</span>,
    run: (e) => chain(e).toggleBlockquote().run(),
    active: (e) => e.isActive('blockquote'),
  },
  {
    key: 'rule',
    label: 'content.rich.rule',
    icon: <MinusOutlined />,
    run: (e) => chain(e).setHorizontalRule().run(),
  },
];

const LINK_BUTTONS: ToolButton[] = [
  {
    key: 'link',
    label: 'content.rich.link',
    icon: <LinkOutlined />,
    shortcut: 'Ctrl+K',
    run: (_e, ui) => ui.openLink(),
    active: (e) => e.isActive('link'),
  },
  {
    key: 'unlink',
    label: 'content.rich.unlink',
    icon: <DisconnectOutlined />,
    run: (e) => chain(e).extendMarkRange('link').unsetLink().run(),
    enabled: (e) => e.isActive('link'),
  },
  {
    key: 'image',
    label: 'content.rich.image',
    icon: <PictureOutlined />,
    run: (_e, ui) => ui.pickImage(),
  },
];

const HISTORY_BUTTONS: ToolButton[] = [
  {
    key: 'undo',
    label: 'content.rich.undo',
    icon: <UndoOutlined />,
    shortcut: 'Ctrl+Z',
    run: (e) => chain(e).undo().run(),
    enabled: (e) => e.can().undo(),
  },
  {
    key: 'redo',
    label: 'content.rich.redo',
    icon: <RedoOutlined />,
    shortcut: 'Ctrl+Shift+Z',
    run: (e) => chain(e).redo().run(),
    enabled: (e) => e.can().redo(),
  },
];

const GROUPS = [FORMAT_BUTTONS, LINK_BUTTONS, HISTORY_BUTTONS];
const BUTTONS = GROUPS.flat();

/** Where each key moves the focus within the toolbar (from index i of n buttons). */
const ROVING_KEYS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export default function RichTextEditor({ id, value, onChange, label }: RichTextEditorProps) {
  const { t } = useAdminT();
  const { message } = App.useApp();
  const generatedId = useId();
  const areaId = id ?? `${generatedId}-area`;
  const fileInput = useRef<HTMLInputElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [uploading, setUploading] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkForm] = Form.useForm<{ href: string }>();
  const [focusIndex, setFocusIndex] = useState(0);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'] },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        id: areaId,
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
    },
    // An empty document is '' (not "<p></p>"), so "required" and "unchanged" mean what they say.
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // The toolbar re-renders on the states it shows, not on every keystroke.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      Object.fromEntries(
        BUTTONS.map((b) => [b.key, { active: b.active?.(e), enabled: b.enabled ? b.enabled(e) : true }]),
      ) as Record<string, { active?: boolean; enabled: boolean }>,
  });

  const openLink = () => {
    linkForm.setFieldsValue({ href: (editor.getAttributes('link').href as string | undefined) ?? '' });
    setLinkOpen(true);
  };

  const applyLink = ({ href }: { href: string }) => {
    const url = href.trim();
    if (url) chain(editor).extendMarkRange('link').setLink({ href: url }).run();
    else chain(editor).extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!isAllowedImageType(file.type)) {
      message.error(t('upload.typeInvalid'));
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      message.error(t('upload.tooLarge'));
      return;
    }
    setUploading(true);
    uploadImage(file)
      .then((src) => {
        chain(editor)
          .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
          .run();
      })
      .catch(() => undefined) // the client has shown why
      .finally(() => setUploading(false));
  };

  // Roving tabindex: the toolbar is one tab stop; the arrow keys move within it.
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = ROVING_KEYS[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(focusIndex, BUTTONS.length);
    setFocusIndex(next);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  const ui = { openLink, pickImage: () => fileInput.current?.click() };
  let index = -1;
  return (
    <div className="rte">
      <div
        ref={toolbarRef}
        className="rte-toolbar"
        role="toolbar"
        aria-label={t('content.rich.toolbar', { label })}
        aria-controls={areaId}
        tabIndex={-1}
        onKeyDown={onToolbarKey}
      >
        {GROUPS.map((group) => (
          <div className="rte-group" key={group[0]!.key}>
            {group.map((b) => {
              index += 1;
              const mine = index;
              const uploadingImage = b.key === 'image' && uploading;
              const name = t(uploadingImage ? 'content.rich.imageUploading' : b.label);
              const enabled = Boolean(state?.[b.key]?.enabled) && !uploadingImage;
              const pressed = state?.[b.key]?.active;
              return (
                <button
                  key={b.key}
                  type="button"
                  className="rte-button"
                  aria-label={name}
                  title={b.shortcut ? `${name} (${b.shortcut})` : name}
                  aria-pressed={pressed === undefined ? undefined : Boolean(pressed)}
                  aria-disabled={!enabled || undefined}
                  tabIndex={mine === focusIndex ? 0 : -1}
                  onFocus={() => setFocusIndex(mine)}
                  // Keep the text selection: the command runs on what was selected.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    if (enabled) b.run(editor, ui);
                  }}
                >
                  <span aria-hidden="true">{uploadingImage ? <LoadingOutlined /> : b.icon}</span>
                </button>
              );
            })}
          </div>
        ))}
      </div>
      <EditorContent
        editor={editor}
        className="rte-area"
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
            event.preventDefault();
            openLink();
          }
        }}
      />
      <input
        ref={fileInput}
        type="file"
        className="rte-file"
        tabIndex={-1}
        aria-hidden="true"
        accept={IMAGE_TYPES.join(',')}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Modal
        open={linkOpen}
        title={t('content.rich.linkTitle')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onOk={() => linkForm.submit()}
        onCancel={() => {
          setLinkOpen(false);
          editor.commands.focus();
        }}
        destroyOnHidden
      >
        <Form form={linkForm} layout="vertical" onFinish={applyLink} preserve={false}>
          <Form.Item
            name="href"
            label={t('content.rich.linkUrl')}
            rules={[{ pattern: LINK_PATTERN, message: t('content.rich.linkInvalid') }]}
          >
            <Input autoFocus placeholder="https://" autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
