/**
 * The help centre's platform documents, linked from every page's footer by fixed ids (spec §2, "Footer"):
 * about the platform (id 3), platform agreement (id 5), content admission (id 6); all type 2, tid 0.
 * Seeded at every fresh start, demo or not, in zh-CN and English.
 */

export const DOCUMENTS_CATEGORY_ID = 1;

export const DOCUMENTS_CATEGORY = { zh: '平台文档', en: 'Platform documents' };

export interface SeedDocument {
  id: number;
  sort: number;
  zh: { title: string; content: string };
  en: { title: string; content: string };
}

const ABOUT: SeedDocument = {
  id: 3,
  sort: 1,
  zh: {
    title: '关于平台',
    content: `
<h2>乐轨音乐是什么</h2>
<p>乐轨音乐是一个面向独立音乐人、工作室和唱片公司的数字音乐发行平台。你只需要在乐轨上传一次作品、填写一次版权信息，我们就会把它交付到国内外的主流音乐平台，并把各平台的销售与播放报表汇总成清晰的收益账单。</p>
<p>平台自 2017 年开始服务音乐人，累计协助数万名创作者完成了首次发行。我们相信每一首认真完成的作品，都值得被更多人听到。</p>
<h2>我们提供的服务</h2>
<ul>
<li><strong>一站式发行：</strong>单曲、EP 与专辑均可发行，支持歌词、伴奏、封面、短音频与 MV 等素材。</li>
<li><strong>版权与授权管理：</strong>在发行前确认词曲与录音的权利来源，必要时在线完成授权签署。</li>
<li><strong>编辑审核：</strong>专业编辑在上线前检查音频质量、元数据与封面规范，降低被平台退回的风险。</li>
<li><strong>收益结算：</strong>按月汇总各平台报表，收益明细可追溯到每一首作品、每一个平台。</li>
<li><strong>工单与消息：</strong>发行进度、审核结果和客服回复都会通过站内消息第一时间通知你。</li>
</ul>
<h2>我们的承诺</h2>
<p>作品的版权始终属于你。乐轨只在你授权的范围内代理发行，你可以随时在作品管理中查看分发范围与状态，也可以申请下架。</p>
<p>如有任何问题，欢迎通过帮助中心的工单或页面底部的联系方式与我们联系。</p>`,
  },
  en: {
    title: 'About the platform',
    content: `
<h2>What Trackline is</h2>
<p>Trackline is a digital music distribution platform for independent artists, studios and labels. Upload a release once, describe its rights once, and we deliver it to the major streaming and download services at home and abroad — then turn their sales and streaming reports into one clear income statement.</p>
<p>We have served musicians since 2017 and have helped tens of thousands of creators put out their first release. We believe every carefully finished song deserves to be heard.</p>
<h2>What we do for you</h2>
<ul>
<li><strong>One-stop distribution:</strong> singles, EPs and albums, with lyrics, instrumentals, cover art, short clips and music videos.</li>
<li><strong>Rights and licensing:</strong> confirm where the rights to the composition and the recording come from before release, and sign licences online when needed.</li>
<li><strong>Editorial review:</strong> our editors check audio quality, metadata and artwork before delivery, so platforms rarely send a release back.</li>
<li><strong>Royalty accounting:</strong> monthly statements built from every platform's reports, traceable to each track and each store.</li>
<li><strong>Support and notifications:</strong> delivery progress, review results and support replies reach you as messages on the site.</li>
</ul>
<h2>Our promise</h2>
<p>Your rights remain yours. Trackline distributes only within the scope you grant; you can see where each release is available at any time in work management, and ask for it to be taken down.</p>
<p>Questions? Raise a work order in the help centre or use the contact details at the bottom of every page.</p>`,
  },
};

const AGREEMENT: SeedDocument = {
  id: 5,
  sort: 2,
  zh: {
    title: '平台协议',
    content: `
<p>欢迎使用乐轨音乐数字发行服务。本协议是你（以下简称“用户”）与乐轨（北京）文化传媒有限公司（以下简称“乐轨”）之间关于使用本平台服务的约定。请在注册前仔细阅读；完成注册即表示你已阅读并同意本协议的全部内容。</p>
<h3>第一条 服务内容</h3>
<ol>
<li>乐轨为用户提供音乐作品的上传、信息管理、编辑审核、向第三方音乐平台分发、收益结算及相关客户服务。</li>
<li>具体可分发的平台、结算周期与分成比例以平台页面公示及用户账户中显示的为准。</li>
</ol>
<h3>第二条 账户</h3>
<ol>
<li>用户应使用本人实名手机号注册，并保证所填信息真实、准确、完整；企业用户应如实填写公司名称。</li>
<li>未满十八周岁的用户须在监护人同意并协助下注册，并完成监护人信息补充。</li>
<li>用户应妥善保管账户和密码，因用户自身原因导致的账户被盗用等后果由用户承担。</li>
</ol>
<h3>第三条 作品与授权</h3>
<ol>
<li>用户保证对上传的作品（包括词、曲、录音、封面、视频等）享有合法权利或已获得权利人的充分授权，且不侵犯任何第三方的合法权益。</li>
<li>用户在分发范围内授予乐轨非独家的、可转授权给合作平台的信息网络传播权等必要权利，授权期限以作品分发设置为准。</li>
<li>作品版权始终归权利人所有，乐轨不因提供发行服务而取得作品的所有权。</li>
</ol>
<h3>第四条 收益与结算</h3>
<ol>
<li>乐轨根据合作平台提供的结算报表计算用户收益，并按用户账户约定的分成比例结算。</li>
<li>用户可在收益达到提现门槛后申请提现，提现须使用与实名信息一致的银行账户。</li>
<li>如因侵权、刷量等违规行为导致平台扣款或索赔，乐轨有权从相应收益中扣除。</li>
</ol>
<h3>第五条 行为规范</h3>
<ol>
<li>用户不得上传违反法律法规或《内容准入规范》的内容，不得以任何方式虚假刷量。</li>
<li>对违反本协议的作品或账户，乐轨有权视情节采取退回、下架、暂停结算或停用账户等措施。</li>
</ol>
<h3>第六条 协议的变更与终止</h3>
<ol>
<li>乐轨可根据业务调整修改本协议，修改后的协议将在平台公示，用户继续使用服务即视为接受。</li>
<li>用户可申请注销账户；注销前须处理完毕未结清的收益与进行中的发行。</li>
</ol>
<h3>第七条 法律适用与争议解决</h3>
<p>本协议适用中华人民共和国法律。因本协议产生的争议，双方应友好协商；协商不成的，任何一方可向乐轨所在地有管辖权的人民法院提起诉讼。</p>`,
  },
  en: {
    title: 'Platform agreement',
    content: `
<p>Welcome to the Trackline digital music distribution service. This agreement is between you (the "User") and Trackline (Beijing) Culture Media Co., Ltd. ("Trackline") and governs your use of the platform. Please read it carefully before registering; by completing registration you confirm that you have read and accept all of it.</p>
<h3>1. The service</h3>
<ol>
<li>Trackline lets users upload music, manage its information, have it reviewed by editors, distribute it to third-party music platforms, receive royalty statements and obtain customer support.</li>
<li>The platforms available, the accounting period and the revenue share are those published on the site and shown in the user's account.</li>
</ol>
<h3>2. Accounts</h3>
<ol>
<li>Users register with a mobile number in their own name and keep their information true, accurate and complete; enterprise users give their company name.</li>
<li>Users under eighteen register with the consent and help of a guardian and complete the guardian's information.</li>
<li>Users keep their password safe; they bear the consequences of misuse of the account that they have caused.</li>
</ol>
<h3>3. Works and licences</h3>
<ol>
<li>The user warrants that they hold, or have been fully licensed by the rights holders, all rights in what they upload (lyrics, music, recordings, artwork, video) and that it infringes no third party's rights.</li>
<li>Within the chosen distribution scope the user grants Trackline the non-exclusive rights needed to distribute, including the right to sublicense them to partner platforms, for the term set in the release's distribution settings.</li>
<li>Ownership of the works remains with the rights holders; Trackline acquires no ownership by distributing them.</li>
</ol>
<h3>4. Royalties and payment</h3>
<ol>
<li>Trackline calculates royalties from the statements its partner platforms provide and pays them at the share agreed for the user's account.</li>
<li>Users may withdraw once their balance reaches the threshold, to a bank account in the same name as their verified identity.</li>
<li>Where a platform deducts money or claims damages because of infringement, artificial streaming or other violations, Trackline may deduct it from the related royalties.</li>
</ol>
<h3>5. Conduct</h3>
<ol>
<li>Users must not upload content that breaks the law or the Content Admission Rules, and must not inflate plays in any way.</li>
<li>For works or accounts that breach this agreement Trackline may, depending on the case, return, take down, suspend payment or disable the account.</li>
</ol>
<h3>6. Changes and termination</h3>
<ol>
<li>Trackline may amend this agreement as its business changes; amendments are published on the site, and continuing to use the service means accepting them.</li>
<li>Users may close their account once unpaid royalties and releases in progress have been settled.</li>
</ol>
<h3>7. Governing law and disputes</h3>
<p>This agreement is governed by the laws of the People's Republic of China. The parties will try to settle disputes amicably; failing that, either may bring proceedings before the competent people's court where Trackline is located.</p>`,
  },
};

const ADMISSION: SeedDocument = {
  id: 6,
  sort: 3,
  zh: {
    title: '内容准入',
    content: `
<p>为保障音乐人、听众与合作平台的权益，所有通过乐轨发行的作品都需符合以下内容准入规范。编辑审核时将逐项检查，不符合的作品会被退回并注明原因。</p>
<h3>一、禁止发行的内容</h3>
<ul>
<li>违反宪法和法律法规，危害国家安全、破坏民族团结的内容；</li>
<li>宣扬仇恨、歧视（民族、种族、宗教、性别、地域等）或煽动暴力的内容；</li>
<li>淫秽色情、赌博、毒品，或教唆犯罪的内容；</li>
<li>侮辱、诽谤他人，侵犯他人隐私或名誉的内容；</li>
<li>未经授权使用他人作品、录音、采样、肖像或商标等侵权内容；</li>
<li>冒充其他艺人，或使用易与知名艺人、作品混淆的名称与封面。</li>
</ul>
<h3>二、音频要求</h3>
<ul>
<li>WAV 或 FLAC 格式，采样率不低于 44.1 kHz，位深不低于 16 bit；</li>
<li>无明显爆音、削波、底噪或突然中断，首尾静音不超过 5 秒；</li>
<li>不得为纯噪音、纯静音、简单循环或明显的低质量批量生成内容。</li>
</ul>
<h3>三、信息与封面</h3>
<ul>
<li>歌名、艺人名、词曲作者应真实准确，不得含有广告、联系方式或无关关键词；</li>
<li>封面为正方形、不小于 3000×3000 像素，不得含有二维码、网址、平台标识或低俗画面；</li>
<li>歌词须与演唱内容一致，时间轴歌词应与音频同步。</li>
</ul>
<h3>四、处理方式</h3>
<p>对不符合规范的作品，编辑将退回并说明原因，修改后可重新提交。对已上线后发现的侵权或违规作品，平台有权下架并按《平台协议》处理相关收益。</p>`,
  },
  en: {
    title: 'Content admission',
    content: `
<p>To protect musicians, listeners and our partner platforms, every release distributed through Trackline must meet these content admission rules. Editors check each point during review; a release that falls short is returned with the reason.</p>
<h3>1. Content we do not distribute</h3>
<ul>
<li>content that breaks the constitution or the law, endangers national security or undermines ethnic unity;</li>
<li>hate speech, discrimination (by ethnicity, race, religion, gender, region or otherwise) or incitement to violence;</li>
<li>pornography, gambling, drugs, or encouragement of crime;</li>
<li>insults, defamation, or invasion of anyone's privacy or reputation;</li>
<li>infringing content: works, recordings, samples, likenesses or trademarks of others used without a licence;</li>
<li>impersonation of other artists, or names and artwork easily confused with well-known artists or works.</li>
</ul>
<h3>2. Audio</h3>
<ul>
<li>WAV or FLAC, at least 44.1 kHz and 16 bit;</li>
<li>no audible pops, clipping, hiss or abrupt cuts; no more than 5 seconds of silence at either end;</li>
<li>no pure noise, silence, trivial loops or obviously low-quality mass-generated material.</li>
</ul>
<h3>3. Metadata and artwork</h3>
<ul>
<li>titles, artist names and songwriters must be true and accurate, with no advertising, contact details or unrelated keywords;</li>
<li>artwork is square, at least 3000×3000 pixels, with no QR codes, web addresses, platform logos or vulgar images;</li>
<li>lyrics match what is sung, and timed lyrics are in sync with the audio.</li>
</ul>
<h3>4. What happens</h3>
<p>Releases that do not meet the rules are returned with an explanation and can be resubmitted once fixed. Infringing or non-compliant releases found after they go live may be taken down, and their royalties handled as the Platform Agreement provides.</p>`,
  },
};

export const SEED_DOCUMENTS: SeedDocument[] = [ABOUT, AGREEMENT, ADMISSION];
