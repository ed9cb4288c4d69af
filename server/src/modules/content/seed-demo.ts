/** Demo content for a fresh start (SEED_DEMO): news, help topics, questions and answers, hot plans, versions. */

export interface Bi<T> {
  zh: T;
  en: T;
}

export const NEWS_CATEGORIES: Bi<string>[] = [
  { zh: '平台公告', en: 'Announcements' },
  { zh: '行业资讯', en: 'Industry news' },
  { zh: '发行指南', en: 'Release guides' },
];

interface NewsText {
  title: string;
  summary: string;
  author: string;
  content: string;
}

/** category: index into NEWS_CATEGORIES; daysAgo: when it was published. */
export const NEWS: Array<{ category: number; daysAgo: number } & Bi<NewsText>> = [
  {
    category: 0,
    daysAgo: 2,
    zh: {
      title: '乐轨音乐新版发行后台上线',
      summary: '全新的作品发布流程、更快的审核反馈和更清晰的收益账单，今天起对所有音乐人开放。',
      author: '乐轨运营团队',
      content: `<p>经过三个月的内测，乐轨音乐新版发行后台今天正式上线。新版将单曲发布拆分为“基本信息、分发范围、授权签署”三步，每一步都会即时检查必填项，避免提交后才发现遗漏。</p>
<p>本次更新的主要内容：</p>
<ul><li>作品状态实时更新，审核退回会附带编辑的具体意见；</li><li>收益账单按月、按平台、按作品三个维度展示；</li><li>新增站内消息提醒，重要进度不再错过。</li></ul>
<p>如在使用中遇到问题，可以通过<a href="/gongdan/add">提交工单</a>联系我们，也欢迎在帮助中心查看详细的使用说明。</p>`,
    },
    en: {
      title: 'The new Trackline release console is live',
      summary:
        'A new publishing flow, faster review feedback and clearer income statements, open to every musician from today.',
      author: 'Trackline team',
      content: `<p>After three months of beta testing, the new Trackline release console is live today. Publishing a single now takes three steps — basic information, distribution scope and licence signature — and each step checks its required fields as you go, so nothing is found missing after you submit.</p>
<p>What is new:</p>
<ul><li>work status updates in real time, and a returned release carries the editor's comments;</li><li>income statements by month, by platform and by track;</li><li>site messages for every important step, so you never miss one.</li></ul>
<p>If anything goes wrong, <a href="/gongdan/add">raise a work order</a> or read the guides in the help centre.</p>`,
    },
  },
  {
    category: 0,
    daysAgo: 9,
    zh: {
      title: '春节期间审核与结算安排',
      summary: '春节假期期间审核时效有所延长，结算与提现按以下时间安排进行。',
      author: '乐轨运营团队',
      content: `<p>春节将至，为保证作品按时上线，请有计划在节日期间发行的音乐人尽量提前提交作品。</p>
<ul><li>假期期间编辑审核照常进行，但时效由 1–3 个工作日延长至 3–5 个工作日；</li><li>提现申请在假期后第一个工作日起依次处理；</li><li>各平台上线时间以平台自身排期为准。</li></ul>
<p>祝大家新春快乐，创作顺利！</p>`,
    },
    en: {
      title: 'Review and payment schedule over the Spring Festival',
      summary: 'Reviews take longer over the holiday; payments and withdrawals follow the schedule below.',
      author: 'Trackline team',
      content: `<p>The Spring Festival is coming. If you plan to release during the holiday, please submit early so your music goes live on time.</p>
<ul><li>editors keep reviewing over the holiday, but reviews take 3–5 working days instead of 1–3;</li><li>withdrawals are processed in order from the first working day after the holiday;</li><li>each platform sets its own go-live schedule.</li></ul>
<p>Happy new year, and happy writing!</p>`,
    },
  },
  {
    category: 0,
    daysAgo: 21,
    zh: {
      title: '关于加强作品版权信息核验的公告',
      summary: '为减少侵权纠纷，自下月起翻唱与改编作品需补充授权证明。',
      author: '版权中心',
      content: `<p>近期各合作平台对翻唱、改编类作品的版权审核明显收紧。为保护音乐人与原作者的权益，乐轨将从下月 1 日起加强版权信息核验。</p>
<p>作品属性为“翻唱”或“改编”的，需在发布第三步上传原作品权利人的授权书；来源选择“经作者授权”或“经集体管理组织授权”的，同样需要提供授权证明。</p>
<p>详细要求请阅读<a href="/help-center/index?id=6&amp;type=2&amp;tid=0">内容准入规范</a>。</p>`,
    },
    en: {
      title: 'Stricter checks of rights information',
      summary: 'To reduce infringement disputes, covers and adaptations need proof of licence from next month.',
      author: 'Rights team',
      content: `<p>Our partner platforms have tightened their checks of covers and adaptations. To protect musicians and original authors alike, Trackline will check rights information more closely from the 1st of next month.</p>
<p>Works whose property is "cover" or "adaptation" need the original rights holder's licence uploaded in the third publishing step; works whose source is "licensed by the author" or "licensed by a collecting society" need proof of that licence too.</p>
<p>See the <a href="/help-center/index?id=6&amp;type=2&amp;tid=0">content admission rules</a> for details.</p>`,
    },
  },
  {
    category: 1,
    daysAgo: 5,
    zh: {
      title: '流媒体收入持续增长，独立音乐人占比提升',
      summary: '最新行业报告显示，独立音乐人在流媒体总播放量中的占比已连续三年上升。',
      author: '行业观察',
      content: `<p>根据最新发布的年度音乐产业报告，全球录制音乐收入连续第九年增长，其中流媒体订阅收入贡献超过六成。</p>
<p>值得关注的是，不依托大型唱片公司的独立音乐人和小型厂牌，在总播放量中的占比已连续三年上升。发行门槛降低、歌单推荐机制更加开放，是这一变化的主要原因。</p>
<p>对于独立音乐人来说，稳定的发行节奏、完整准确的作品信息和积极的粉丝运营，比以往任何时候都更重要。</p>`,
    },
    en: {
      title: 'Streaming keeps growing, and independent artists take a bigger share',
      summary:
        'The latest industry report shows independent artists gaining share of total streams for the third year running.',
      author: 'Industry desk',
      content: `<p>According to the latest annual music industry report, global recorded music revenue grew for the ninth year in a row, with paid streaming subscriptions contributing more than sixty per cent.</p>
<p>Notably, independent artists and small labels without a major behind them have increased their share of total streams for three years running. Lower barriers to distribution and more open playlist curation explain most of it.</p>
<p>For independent musicians, a steady release rhythm, complete and accurate metadata and active fan engagement matter more than ever.</p>`,
    },
  },
  {
    category: 1,
    daysAgo: 14,
    zh: {
      title: '短视频平台成为新歌传播的重要入口',
      summary: '超过一半的热门新歌最先在短视频平台走红，15 秒片段的选择变得至关重要。',
      author: '行业观察',
      content: `<p>越来越多的热门歌曲最先在短视频平台上传播开来，随后才带动流媒体平台的播放量增长。</p>
<p>业内人士建议音乐人在发行时：</p>
<ol><li>提前准备一段最具记忆点的 15–30 秒片段，作为短音频素材一并提交；</li><li>保证副歌部分的歌词清晰，便于用户二次创作；</li><li>新歌上线后的前两周集中进行推广。</li></ol>
<p>乐轨的发布流程已支持上传短音频素材，分发到支持该素材的平台。</p>`,
    },
    en: {
      title: 'Short-video apps have become the front door for new songs',
      summary: 'More than half of new hits take off on short-video apps first, so choosing the 15-second clip matters.',
      author: 'Industry desk',
      content: `<p>More and more hit songs spread on short-video apps first, and only then drive plays on streaming services.</p>
<p>People in the industry suggest that musicians:</p>
<ol><li>prepare the most memorable 15–30 seconds as a short clip and submit it with the release;</li><li>keep the chorus lyrics clear so users can build on them;</li><li>concentrate promotion in the first two weeks after release.</li></ol>
<p>Trackline's publishing flow already accepts short clips and delivers them to the platforms that use them.</p>`,
    },
  },
  {
    category: 2,
    daysAgo: 4,
    zh: {
      title: '第一次发行单曲？看这一篇就够了',
      summary: '从准备音频、封面到选择分发范围，一步步带你完成首次发行。',
      author: '发行指南',
      content: `<p>第一次发行单曲，需要准备的东西其实并不多：</p>
<ul><li>一份 WAV 或 FLAC 格式的母带音频（44.1 kHz / 16 bit 及以上）；</li><li>一张 3000×3000 像素的正方形封面；</li><li>歌词文本（纯音乐可不填）；</li><li>词曲作者的真实姓名或艺名。</li></ul>
<p>登录后进入“作品发布”，按三步填写信息：第一步填写歌曲信息与素材，第二步选择分发范围，第三步完成授权签署。提交后编辑会在 1–3 个工作日内完成审核。</p>
<p>审核通过后，作品进入“发行中”状态，各平台通常会在 3–7 天内上线。更多细节请见<a href="/help-center/index">帮助中心</a>。</p>`,
    },
    en: {
      title: 'Releasing your first single? Start here',
      summary: 'From audio and artwork to distribution scope: your first release, step by step.',
      author: 'Release guides',
      content: `<p>Your first single needs less than you might think:</p>
<ul><li>a master in WAV or FLAC (44.1 kHz / 16 bit or better);</li><li>a square cover of 3000×3000 pixels;</li><li>the lyrics (none for instrumentals);</li><li>the real or stage names of the songwriters.</li></ul>
<p>Log in, open "Publish" and fill in three steps: track information and materials, distribution scope, and the licence signature. Editors review within 1–3 working days.</p>
<p>Once approved the release moves to "distributing", and platforms usually go live within 3–7 days. The <a href="/help-center/index">help centre</a> has the details.</p>`,
    },
  },
  {
    category: 2,
    daysAgo: 11,
    zh: {
      title: '封面被退回的五个常见原因',
      summary: '尺寸不足、含有二维码或网址、文字与作品信息不一致……这些问题都可以提前避免。',
      author: '发行指南',
      content: `<p>封面问题是作品被退回的最常见原因之一。以下五点请在提交前逐一确认：</p>
<ol><li>尺寸不小于 3000×3000 像素，且为正方形；</li><li>不含二维码、网址、社交账号等联系方式；</li><li>不含其他音乐平台的标识；</li><li>封面上的歌名、艺人名与填写的信息一致；</li><li>画面清晰，无明显拉伸、模糊或水印。</li></ol>
<p>如果手头没有合适的封面，可以试试平台的<a href="/intelligence-cover">智能封面制作</a>工具。</p>`,
    },
    en: {
      title: 'Five reasons artwork gets returned',
      summary: 'Too small, a QR code or web address, text that does not match the release — all avoidable.',
      author: 'Release guides',
      content: `<p>Artwork is one of the most common reasons a release is returned. Check these five points before you submit:</p>
<ol><li>at least 3000×3000 pixels, and square;</li><li>no QR codes, web addresses or social media handles;</li><li>no logos of other music platforms;</li><li>the title and artist on the cover match what you entered;</li><li>a sharp image, not stretched, blurred or watermarked.</li></ol>
<p>No artwork to hand? Try the <a href="/intelligence-cover">smart cover maker</a>.</p>`,
    },
  },
  {
    category: 2,
    daysAgo: 30,
    zh: {
      title: '如何读懂你的收益账单',
      summary: '账单里的播放量、单价、分成比例分别是什么意思？一文讲清楚。',
      author: '发行指南',
      content: `<p>每月 15 日前后，乐轨会根据上月各平台回传的报表生成收益账单。账单中的主要字段含义如下：</p>
<ul><li><strong>平台：</strong>产生收益的音乐平台；</li><li><strong>播放/下载量：</strong>平台报表中的计费次数；</li><li><strong>平台收入：</strong>平台结算给乐轨的金额；</li><li><strong>分成比例：</strong>你在账户中约定的比例；</li><li><strong>你的收益：</strong>平台收入 × 分成比例。</li></ul>
<p>由于各平台结算周期不同，某月的账单可能包含更早月份的播放数据，这属于正常情况。</p>`,
    },
    en: {
      title: 'How to read your income statement',
      summary: 'Plays, unit prices and revenue share on your statement, explained.',
      author: 'Release guides',
      content: `<p>Around the 15th of each month Trackline builds your income statement from the reports the platforms sent for the month before. Its main columns:</p>
<ul><li><strong>Platform:</strong> where the income came from;</li><li><strong>Plays/downloads:</strong> the billable count in the platform's report;</li><li><strong>Platform income:</strong> what the platform paid Trackline;</li><li><strong>Share:</strong> the rate agreed for your account;</li><li><strong>Your income:</strong> platform income × share.</li></ul>
<p>Platforms pay on different cycles, so one month's statement can include plays from earlier months. That is normal.</p>`,
    },
  },
];

export const HELP_CATEGORIES: Bi<string>[] = [
  { zh: '账号注册', en: 'Accounts and registration' },
  { zh: '作品发布', en: 'Publishing works' },
  { zh: '版权与授权', en: 'Rights and licences' },
  { zh: '收益与提现', en: 'Income and withdrawals' },
  { zh: '发行渠道', en: 'Distribution channels' },
];

/** category: index into HELP_CATEGORIES. */
export const HELP_ARTICLES: Array<{ category: number } & Bi<{ title: string; content: string }>> = [
  {
    category: 0,
    zh: {
      title: '如何注册乐轨账号',
      content: `<p>点击页面右上角的“注册”，选择个人注册或未成年人注册，填写手机号并获取短信验证码，设置至少 8 位、包含字母和数字的密码即可完成注册。</p><p>企业用户请在注册时选择“企业”，并填写与营业执照一致的公司名称。</p>`,
    },
    en: {
      title: 'How to register',
      content: `<p>Click "Register" at the top right, choose individual or minor registration, enter your mobile number and the SMS code, and set a password of at least 8 characters with letters and digits.</p><p>Enterprises choose "Enterprise" and enter the company name exactly as on the business licence.</p>`,
    },
  },
  {
    category: 0,
    zh: {
      title: '忘记密码怎么办',
      content: `<p>在登录页点击“忘记密码”，输入注册手机号并完成短信验证后即可设置新密码。重置成功后，所有设备上的登录状态都会失效，请使用新密码重新登录。</p>`,
    },
    en: {
      title: 'I forgot my password',
      content: `<p>On the login page click "Forgot password", verify your mobile number by SMS and set a new password. All your other sessions are logged out; log in again with the new password.</p>`,
    },
  },
  {
    category: 1,
    zh: {
      title: '发布单曲的三个步骤',
      content: `<ol><li><strong>歌曲信息：</strong>填写歌名、艺人、词曲作者，上传音频、封面和歌词；</li><li><strong>分发范围：</strong>选择要上线的平台与地区；</li><li><strong>授权签署：</strong>确认权利来源并在线签署授权。</li></ol><p>每一步都可以保存草稿，稍后继续。</p>`,
    },
    en: {
      title: 'Publishing a single in three steps',
      content: `<ol><li><strong>Track information:</strong> title, artist and songwriters; upload audio, artwork and lyrics;</li><li><strong>Distribution scope:</strong> choose the platforms and territories;</li><li><strong>Licence:</strong> confirm where the rights come from and sign online.</li></ol><p>You can save a draft at every step and come back later.</p>`,
    },
  },
  {
    category: 1,
    zh: {
      title: '作品状态说明',
      content: `<p>作品提交后会依次经历：待完善信息、选择分发范围、待授权签署、编辑审核中、发行中、已上线。若审核未通过，作品会进入“作品被驳回”状态，并附带编辑的修改意见，修改后可重新提交。</p>`,
    },
    en: {
      title: 'What the work statuses mean',
      content: `<p>A submitted work moves through: awaiting information, choose distribution scope, awaiting licence signature, under editor review, being distributed, online. If the review fails, the work is "rejected" with the editor's comments; fix it and submit again.</p>`,
    },
  },
  {
    category: 2,
    zh: {
      title: '翻唱作品需要哪些授权',
      content: `<p>翻唱他人作品需要获得原词曲著作权人的授权。请在发布第三步上传授权书，授权范围应覆盖信息网络传播权及所选分发平台。</p><p>仅取得录音使用权的，请在“版权声明”中选择“仅有使用权”。</p>`,
    },
    en: {
      title: 'Which licences a cover needs',
      content: `<p>A cover needs a licence from the owners of the original lyrics and music. Upload it in the third publishing step; it must cover online distribution on the platforms you choose.</p><p>If you hold only a right to use the recording, choose "use right only" in the rights statement.</p>`,
    },
  },
  {
    category: 2,
    zh: {
      title: '作品被他人冒用怎么办',
      content: `<p>如发现他人未经授权发行了你的作品，请通过工单提交权属证明（如创作底稿、首发链接、版权登记证书），我们会在核实后联系相关平台处理。</p>`,
    },
    en: {
      title: 'Someone released my work without permission',
      content: `<p>Raise a work order with proof of ownership (drafts, the first release link, a copyright registration certificate). Once verified we will ask the platforms concerned to act.</p>`,
    },
  },
  {
    category: 3,
    zh: {
      title: '收益什么时候到账',
      content: `<p>各平台通常在次月或隔月回传报表，乐轨在收到报表后的当月 15 日前后生成账单，账单生成后收益即计入可提现余额。</p>`,
    },
    en: {
      title: 'When income arrives',
      content: `<p>Platforms usually report one or two months later. Trackline builds the statement around the 15th of the month the reports arrive, and the income then joins your withdrawable balance.</p>`,
    },
  },
  {
    category: 3,
    zh: {
      title: '如何申请提现',
      content: `<p>在“个人中心 - 提现”中绑定与实名信息一致的银行卡，余额达到提现门槛后即可申请。提现一般在 3–5 个工作日内到账。</p>`,
    },
    en: {
      title: 'How to withdraw',
      content: `<p>In "Personal center → Withdraw", add a bank card in the same name as your verified identity. Once your balance reaches the threshold you can withdraw; money usually arrives within 3–5 working days.</p>`,
    },
  },
  {
    category: 4,
    zh: {
      title: '可以分发到哪些平台',
      content: `<p>乐轨可将作品分发至国内主流音乐平台，以及海外主流流媒体与下载平台。具体可选平台以发布第二步显示的为准，我们也在持续接入新的渠道。</p>`,
    },
    en: {
      title: 'Which platforms we deliver to',
      content: `<p>Trackline delivers to the major music platforms in mainland China and the main international streaming and download services. The platforms available are listed in the second publishing step, and we keep adding more.</p>`,
    },
  },
  {
    category: 4,
    zh: {
      title: '各平台上线需要多久',
      content: `<p>审核通过后，国内平台一般在 3–7 天内上线，海外平台一般需要 1–2 周。如需在指定日期上线，请至少提前 2 周提交作品。</p>`,
    },
    en: {
      title: 'How long platforms take to go live',
      content: `<p>After approval, platforms in mainland China usually go live within 3–7 days and international ones within 1–2 weeks. For a fixed release date, submit at least two weeks ahead.</p>`,
    },
  },
];

export const QUESTION_CATEGORIES: Bi<string>[] = [
  { zh: '注册与账号', en: 'Accounts' },
  { zh: '发行与审核', en: 'Releases and review' },
  { zh: '收益与结算', en: 'Income and payment' },
];

export const QUESTIONS: Array<{ category: number } & Bi<{ question: string; answer: string }>> = [
  {
    category: 0,
    zh: { question: '注册需要付费吗？', answer: '<p>不需要。注册和发行均免费，平台只在产生收益后按约定比例分成。</p>' },
    en: {
      question: 'Does registration cost anything?',
      answer:
        '<p>No. Registration and distribution are free; we only take the agreed share of income once it arrives.</p>',
    },
  },
  {
    category: 0,
    zh: {
      question: '未成年人可以注册吗？',
      answer: '<p>可以。请选择“未成年人注册”，并在监护人同意和协助下补充监护人信息。</p>',
    },
    en: {
      question: 'Can minors register?',
      answer:
        '<p>Yes. Choose "minor registration" and complete the guardian\'s information with their consent and help.</p>',
    },
  },
  {
    category: 0,
    zh: {
      question: '可以更换绑定的手机号吗？',
      answer: '<p>可以通过工单申请更换，我们会在核实身份后为你处理。</p>',
    },
    en: {
      question: 'Can I change my mobile number?',
      answer: '<p>Yes — raise a work order and we will change it once we have verified your identity.</p>',
    },
  },
  {
    category: 0,
    zh: { question: '个人账号可以升级为企业账号吗？', answer: '<p>可以，请通过工单提交营业执照等资料。</p>' },
    en: {
      question: 'Can an individual account become an enterprise account?',
      answer: '<p>Yes; send your business licence and details through a work order.</p>',
    },
  },
  {
    category: 1,
    zh: { question: '审核需要多长时间？', answer: '<p>一般为 1–3 个工作日，节假日期间可能延长。</p>' },
    en: {
      question: 'How long does review take?',
      answer: '<p>Usually 1–3 working days; longer over public holidays.</p>',
    },
  },
  {
    category: 1,
    zh: {
      question: '作品被驳回了怎么办？',
      answer: '<p>在作品管理中查看编辑的驳回意见，按意见修改后重新提交即可。</p>',
    },
    en: {
      question: 'My release was rejected. What now?',
      answer: "<p>Read the editor's comments in work management, fix what they mention and submit again.</p>",
    },
  },
  {
    category: 1,
    zh: {
      question: '已上线的作品可以修改信息吗？',
      answer: '<p>可以修改部分信息（如歌词、封面），修改后需重新审核并同步到各平台，歌名与艺人名一般不建议修改。</p>',
    },
    en: {
      question: 'Can I edit a release that is already online?',
      answer:
        '<p>Some fields (lyrics, artwork) can change; the change is reviewed again and sent to the platforms. Changing titles or artist names is best avoided.</p>',
    },
  },
  {
    category: 1,
    zh: { question: '可以指定上线日期吗？', answer: '<p>可以，请在发布时填写期望上线日期，并至少提前两周提交。</p>' },
    en: {
      question: 'Can I choose a release date?',
      answer: '<p>Yes; enter the date when you publish and submit at least two weeks ahead.</p>',
    },
  },
  {
    category: 2,
    zh: { question: '分成比例是多少？', answer: '<p>以你账户中显示的分成比例为准，可在个人中心查看。</p>' },
    en: {
      question: 'What share of the income do I get?',
      answer: '<p>The share shown in your account; see it in the personal center.</p>',
    },
  },
  {
    category: 2,
    zh: { question: '提现有门槛吗？', answer: '<p>可提现余额达到 100 元即可申请提现。</p>' },
    en: {
      question: 'Is there a minimum withdrawal?',
      answer: '<p>You can withdraw once your balance reaches ¥100.</p>',
    },
  },
  {
    category: 2,
    zh: {
      question: '为什么账单里有好几个月前的播放？',
      answer: '<p>各平台的结算周期不同，部分平台会延迟一到两个月回传报表，这属于正常情况。</p>',
    },
    en: {
      question: 'Why does my statement include plays from months ago?',
      answer:
        '<p>Platforms report on different cycles; some send their reports one or two months late. That is normal.</p>',
    },
  },
  {
    category: 2,
    zh: {
      question: '收益需要缴税吗？',
      answer: '<p>根据国家税法规定，平台会在提现时代扣代缴个人所得税，具体金额以提现页面显示为准。</p>',
    },
    en: {
      question: 'Is tax deducted from my income?',
      answer:
        '<p>As the tax law requires, individual income tax is withheld when you withdraw; the withdrawal page shows the amount.</p>',
    },
  },
];

interface PlanText {
  title: string;
  summary: string;
  content: string;
  terms: string;
}

/** startsInDays / endsInDays: relative to the seed date (negative is in the past). */
export const HOT_PLANS: Array<{ startsInDays: number; endsInDays: number } & Bi<PlanText>> = [
  {
    startsInDays: -10,
    endsInDays: 80,
    zh: {
      title: '新人首发扶持计划',
      summary: '首次在乐轨发行作品的音乐人，可获得首页推荐位与 90 天 100% 收益分成。',
      content: `<p>为了帮助更多新人音乐人被听见，乐轨推出新人首发扶持计划：</p><ul><li>首发作品有机会获得平台首页与合作歌单推荐；</li><li>首发作品上线后 90 天内，收益分成比例提升至 100%；</li><li>专属编辑一对一审核指导。</li></ul>`,
      terms: `<ol><li>仅限在乐轨首次发行作品的个人音乐人；</li><li>作品须为原创，且符合《内容准入规范》；</li><li>推荐位名额有限，由编辑根据作品质量择优安排；</li><li>发现刷量等违规行为的，取消参与资格并追回扶持收益。</li></ol>`,
    },
    en: {
      title: 'First release boost',
      summary:
        'Musicians releasing on Trackline for the first time get featured placement and a 100% share for 90 days.',
      content: `<p>To help new musicians be heard, Trackline offers a first release boost:</p><ul><li>a chance of a feature on our home page and partner playlists;</li><li>a 100% income share for the first 90 days after the release goes live;</li><li>one-to-one guidance from a dedicated editor.</li></ul>`,
      terms: `<ol><li>Open to individual musicians releasing on Trackline for the first time;</li><li>the work must be original and meet the content admission rules;</li><li>featured places are limited and chosen by editors on quality;</li><li>artificial streaming or other violations end participation, and boosted income is reclaimed.</li></ol>`,
    },
  },
  {
    startsInDays: -30,
    endsInDays: 150,
    zh: {
      title: '原创词曲人激励计划',
      summary: '每季度评选 20 首优秀原创作品，给予现金奖励与专业制作支持。',
      content: `<p>面向所有原创词曲作者，每季度由平台编辑与特邀音乐人评选 20 首优秀原创作品，入选作品可获得：</p><ul><li>5000 元现金奖励；</li><li>合作录音棚的混音与母带处理服务；</li><li>年度原创音乐人专题推广。</li></ul>`,
      terms: `<ol><li>参评作品须为本季度内在乐轨发行的原创作品，且作品属性为“原创”；</li><li>投稿人须为词或曲的作者之一；</li><li>奖金在评选结果公布后 30 日内发放至乐轨账户余额；</li><li>主办方保留对评选规则的最终解释权。</li></ol>`,
    },
    en: {
      title: 'Original songwriter awards',
      summary: 'Every quarter, 20 outstanding original songs win cash and professional production support.',
      content: `<p>For every original songwriter: each quarter our editors and guest musicians pick 20 outstanding original songs. Each wins:</p><ul><li>¥5,000 in cash;</li><li>mixing and mastering at a partner studio;</li><li>a feature in our songwriters of the year campaign.</li></ul>`,
      terms: `<ol><li>Entries are original works released on Trackline in the quarter, with the property "original";</li><li>the entrant wrote the lyrics or the music;</li><li>prize money reaches your Trackline balance within 30 days of the results;</li><li>the organiser has the final say on the rules.</li></ol>`,
    },
  },
  {
    startsInDays: 5,
    endsInDays: 60,
    zh: {
      title: '夏日歌单征集',
      summary: '投稿适合夏天的作品，入选即进入合作平台官方夏日歌单。',
      content: `<p>清爽、热烈、适合夏夜的作品都欢迎投稿！入选作品将被收录进合作平台的官方夏日主题歌单，并获得为期两周的推广曝光。</p>`,
      terms: `<ol><li>投稿作品须已在乐轨发行并处于“已上线”状态；</li><li>每位音乐人限投 2 首；</li><li>入选名单将通过站内消息通知。</li></ol>`,
    },
    en: {
      title: 'Summer playlist call',
      summary: 'Send us your summer songs; the picks join our partners’ official summer playlists.',
      content: `<p>Fresh, fiery, made for summer nights — send them in! Selected songs join our partner platforms' official summer playlists and get two weeks of promotion.</p>`,
      terms: `<ol><li>Entries must be released on Trackline and online;</li><li>at most two songs per musician;</li><li>the selection is announced by site message.</li></ol>`,
    },
  },
];

export const VERSIONS: Array<
  { platform: 'ios' | 'android' | 'win32' | 'mac'; version: string; daysAgo: number } & Bi<string>
> = [
  {
    platform: 'android',
    version: '3.2.0',
    daysAgo: 3,
    zh: '新增作品状态推送通知；收益账单支持按平台筛选；修复部分机型上传封面失败的问题。',
    en: 'Push notifications for work status; filter income statements by platform; fixed cover uploads failing on some phones.',
  },
  {
    platform: 'ios',
    version: '3.2.0',
    daysAgo: 3,
    zh: '新增作品状态推送通知；收益账单支持按平台筛选；适配最新系统版本。',
    en: 'Push notifications for work status; filter income statements by platform; support for the latest iOS.',
  },
  {
    platform: 'android',
    version: '3.1.4',
    daysAgo: 40,
    zh: '优化大文件上传速度，支持断点续传；修复消息列表偶发重复的问题。',
    en: 'Faster large uploads that resume after interruptions; fixed occasional duplicates in the message list.',
  },
  {
    platform: 'win32',
    version: '2.0.1',
    daysAgo: 60,
    zh: '全新桌面客户端：批量上传音频、本地校验音频格式与响度。',
    en: 'New desktop client: batch audio uploads, local checks of audio format and loudness.',
  },
  {
    platform: 'mac',
    version: '1.0.0-beta',
    daysAgo: 90,
    zh: 'Mac 客户端内测版，暂停下载维护中。',
    en: 'Mac client beta; downloads paused for maintenance.',
  },
];

export const DOWNLOAD_LINKS = {
  ios: 'https://apps.apple.com/app/id0000000000',
  android: 'https://example.com/trackline.apk',
  win32: 'https://example.com/trackline-setup.exe',
};
