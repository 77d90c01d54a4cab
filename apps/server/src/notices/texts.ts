import type { Language } from '@portal/contract';

/**
 * Every sentence the bot and the e-mails say, in the six languages of the web app. `{name}`
 * marks a value filled in by `fill`. Amounts, dates (UTC) and addresses are written the same in
 * every language.
 */
export interface Texts {
  expiry24Header: string;
  expiry1Header: string;
  expiryFooter: string;
  autoRenewed: string;
  renewFailed: string;
  /** The `{reason}` of renewFailed when the wallet was short, and when the proxy was withdrawn. */
  renewShort: string;
  renewWithdrawn: string;
  paymentCredited: string;
  proxyReplaced: string;
  proxyDisabled: string;
  proxyDisabledRefund: string;
  subjects: {
    expiry_24h: string;
    expiry_1h: string;
    auto_renewed: string;
    renew_failed: string;
    payment_credited: string;
    proxy_replaced: string;
    proxy_disabled: string;
    email_confirm: string;
  };
  emailConfirm: string;
  emailFooter: string;
  linked: string;
  badCode: string;
  notLinked: string;
  balance: string;
  proxiesNone: string;
  proxiesHeader: string;
  proxyLine: string;
  hoursMinutes: string;
  stopped: string;
  help: string;
}

const en: Texts = {
  expiry24Header: '⏰ Ends in 24 hours:',
  expiry1Header: '⏰ Ends in 1 hour:',
  expiryFooter: 'Extend on the History page to keep it.',
  autoRenewed: '✅ Rental #{id} ({label}) was renewed automatically for {amount}. It now ends {end}.',
  renewFailed:
    '⚠️ Rental #{id} ({label}) could not be renewed automatically: {reason}. It ends {end}. Top up your balance to keep it.',
  renewShort: 'it costs {price} and your balance is {balance}',
  renewWithdrawn: 'the proxy has been withdrawn from sale',
  paymentCredited: '💰 {amount} was credited to your balance. Balance: {balance}.',
  proxyReplaced:
    '🔁 The proxy of rental #{id} stopped working and was replaced. New exit IP: {ip}. Your username, password and ports stay the same.',
  proxyDisabled:
    '⛔ The proxy of rental #{id} ({label}) was taken out of service by the shop and no longer works. Replace it free of charge on the History page: your username, password and ports stay the same.',
  proxyDisabledRefund: 'You may also ask for a refund there until {until}.',
  subjects: {
    expiry_24h: 'A proxy rental ends in 24 hours',
    expiry_1h: 'A proxy rental ends in 1 hour',
    auto_renewed: 'A proxy rental was renewed',
    renew_failed: 'A proxy rental could not be renewed',
    payment_credited: 'Payment credited',
    proxy_replaced: 'A proxy was replaced',
    proxy_disabled: 'A proxy stopped working',
    email_confirm: 'Confirm your e-mail address',
  },
  emailConfirm:
    'Open this link to receive notices about your proxies at this address:\n\n{url}\n\nIf you did not ask for this, ignore this message.',
  emailFooter: 'Choose which notices come by e-mail, or remove this address, on your account page: {url}',
  linked: '✅ Connected. This chat will receive notices about your proxies. /help lists the commands.',
  badCode: 'This link is invalid, expired or already used. Press Connect Telegram on your account page for a new one.',
  notLinked: 'This chat is not connected to an account. Press Connect Telegram on your account page and open the link.',
  balance: 'Balance: {balance}',
  proxiesNone: 'You have no connected proxies.',
  proxiesHeader: 'Your connected proxies:',
  proxyLine: '#{id} {label}: {left} left',
  hoursMinutes: '{h} h {m} min',
  stopped: 'Disconnected. This chat will get no more notices.',
  help: 'Commands:\n/balance: your balance\n/proxies: connected proxies and time left\n/stop: disconnect this chat\n/help: this list',
};

const ru: Texts = {
  expiry24Header: '⏰ Закончится через 24 часа:',
  expiry1Header: '⏰ Закончится через 1 час:',
  expiryFooter: 'Продлите на странице «История», чтобы сохранить.',
  autoRenewed: '✅ Аренда #{id} ({label}) автоматически продлена за {amount}. Теперь она заканчивается {end}.',
  renewFailed:
    '⚠️ Аренду #{id} ({label}) не удалось продлить автоматически: {reason}. Она заканчивается {end}. Пополните баланс, чтобы сохранить её.',
  renewShort: 'продление стоит {price}, а на балансе {balance}',
  renewWithdrawn: 'прокси снят с продажи',
  paymentCredited: '💰 На баланс зачислено {amount}. Баланс: {balance}.',
  proxyReplaced:
    '🔁 Прокси аренды #{id} перестал работать и был заменён. Новый внешний IP: {ip}. Логин, пароль и порты остались прежними.',
  proxyDisabled:
    '⛔ Прокси аренды #{id} ({label}) отключён магазином и больше не работает. Замените его бесплатно на странице «История»: логин, пароль и порты останутся прежними.',
  proxyDisabledRefund: 'Там же до {until} можно запросить возврат средств.',
  subjects: {
    expiry_24h: 'Аренда прокси закончится через 24 часа',
    expiry_1h: 'Аренда прокси закончится через 1 час',
    auto_renewed: 'Аренда прокси продлена',
    renew_failed: 'Не удалось продлить аренду прокси',
    payment_credited: 'Платёж зачислен',
    proxy_replaced: 'Прокси заменён',
    proxy_disabled: 'Прокси перестал работать',
    email_confirm: 'Подтвердите адрес электронной почты',
  },
  emailConfirm:
    'Откройте эту ссылку, чтобы получать уведомления о ваших прокси на этот адрес:\n\n{url}\n\nЕсли вы об этом не просили, просто проигнорируйте письмо.',
  emailFooter: 'Выбрать, какие уведомления приходят на почту, или удалить этот адрес можно на странице аккаунта: {url}',
  linked: '✅ Подключено. В этот чат будут приходить уведомления о ваших прокси. /help — список команд.',
  badCode:
    'Ссылка недействительна, устарела или уже использована. Нажмите «Подключить Telegram» на странице аккаунта, чтобы получить новую.',
  notLinked: 'Этот чат не связан с аккаунтом. Нажмите «Подключить Telegram» на странице аккаунта и откройте ссылку.',
  balance: 'Баланс: {balance}',
  proxiesNone: 'У вас нет подключённых прокси.',
  proxiesHeader: 'Ваши подключённые прокси:',
  proxyLine: '#{id} {label}: осталось {left}',
  hoursMinutes: '{h} ч {m} мин',
  stopped: 'Отключено. Уведомления в этот чат больше не придут.',
  help: 'Команды:\n/balance — ваш баланс\n/proxies — подключённые прокси и оставшееся время\n/stop — отключить этот чат\n/help — этот список',
};

const hi: Texts = {
  expiry24Header: '⏰ 24 घंटे में समाप्त:',
  expiry1Header: '⏰ 1 घंटे में समाप्त:',
  expiryFooter: 'इसे बनाए रखने के लिए History पेज पर अवधि बढ़ाएँ।',
  autoRenewed: '✅ रेंटल #{id} ({label}) {amount} में अपने-आप रिन्यू हो गया। अब यह {end} को समाप्त होगा।',
  renewFailed:
    '⚠️ रेंटल #{id} ({label}) अपने-आप रिन्यू नहीं हो सका: {reason}। यह {end} को समाप्त होगा। इसे बनाए रखने के लिए बैलेंस टॉप अप करें।',
  renewShort: 'रिन्यू की कीमत {price} है और आपका बैलेंस {balance} है',
  renewWithdrawn: 'प्रॉक्सी बिक्री से हटा लिया गया है',
  paymentCredited: '💰 आपके बैलेंस में {amount} जमा किए गए। बैलेंस: {balance}।',
  proxyReplaced:
    '🔁 रेंटल #{id} का प्रॉक्सी काम करना बंद कर गया और बदल दिया गया। नया एग्ज़िट IP: {ip}। आपका यूज़रनेम, पासवर्ड और पोर्ट वही रहेंगे।',
  proxyDisabled:
    '⛔ रेंटल #{id} ({label}) का प्रॉक्सी दुकान ने सेवा से हटा दिया है और अब काम नहीं करता। History पेज पर इसे मुफ़्त में बदलें: आपका यूज़रनेम, पासवर्ड और पोर्ट वही रहेंगे।',
  proxyDisabledRefund: 'आप वहाँ {until} तक रिफ़ंड का अनुरोध भी कर सकते हैं।',
  subjects: {
    expiry_24h: 'एक प्रॉक्सी रेंटल 24 घंटे में समाप्त होगा',
    expiry_1h: 'एक प्रॉक्सी रेंटल 1 घंटे में समाप्त होगा',
    auto_renewed: 'एक प्रॉक्सी रेंटल रिन्यू हुआ',
    renew_failed: 'एक प्रॉक्सी रेंटल रिन्यू नहीं हो सका',
    payment_credited: 'भुगतान जमा हुआ',
    proxy_replaced: 'एक प्रॉक्सी बदला गया',
    proxy_disabled: 'एक प्रॉक्सी ने काम करना बंद कर दिया',
    email_confirm: 'अपना ई-मेल पता पुष्टि करें',
  },
  emailConfirm:
    'इस पते पर अपने प्रॉक्सी की सूचनाएँ पाने के लिए यह लिंक खोलें:\n\n{url}\n\nअगर आपने यह नहीं माँगा, तो इस संदेश को अनदेखा करें।',
  emailFooter: 'कौन-सी सूचनाएँ ई-मेल से आएँ, यह चुनें या यह पता हटाएँ, अपने अकाउंट पेज पर: {url}',
  linked: '✅ कनेक्ट हो गया। इस चैट में आपके प्रॉक्सी की सूचनाएँ आएँगी। /help कमांड की सूची दिखाता है।',
  badCode:
    'यह लिंक अमान्य है, समाप्त हो चुका है या पहले ही इस्तेमाल हो चुका है। नया लिंक पाने के लिए अकाउंट पेज पर Telegram कनेक्ट करें दबाएँ।',
  notLinked: 'यह चैट किसी अकाउंट से जुड़ी नहीं है। अकाउंट पेज पर Telegram कनेक्ट करें दबाएँ और लिंक खोलें।',
  balance: 'बैलेंस: {balance}',
  proxiesNone: 'आपके पास कोई कनेक्टेड प्रॉक्सी नहीं है।',
  proxiesHeader: 'आपके कनेक्टेड प्रॉक्सी:',
  proxyLine: '#{id} {label}: {left} बाकी',
  hoursMinutes: '{h} घंटे {m} मिनट',
  stopped: 'डिस्कनेक्ट हो गया। इस चैट में अब कोई सूचना नहीं आएगी।',
  help: 'कमांड:\n/balance: आपका बैलेंस\n/proxies: कनेक्टेड प्रॉक्सी और बचा समय\n/stop: इस चैट को डिस्कनेक्ट करें\n/help: यह सूची',
};

const es: Texts = {
  expiry24Header: '⏰ Termina en 24 horas:',
  expiry1Header: '⏰ Termina en 1 hora:',
  expiryFooter: 'Amplíalo en la página Historial para conservarlo.',
  autoRenewed: '✅ El alquiler #{id} ({label}) se renovó automáticamente por {amount}. Ahora termina el {end}.',
  renewFailed:
    '⚠️ No se pudo renovar automáticamente el alquiler #{id} ({label}): {reason}. Termina el {end}. Recarga tu saldo para conservarlo.',
  renewShort: 'la renovación cuesta {price} y tu saldo es de {balance}',
  renewWithdrawn: 'el proxy se ha retirado de la venta',
  paymentCredited: '💰 Se acreditaron {amount} a tu saldo. Saldo: {balance}.',
  proxyReplaced:
    '🔁 El proxy del alquiler #{id} dejó de funcionar y fue reemplazado. Nueva IP de salida: {ip}. Tu usuario, contraseña y puertos no cambian.',
  proxyDisabled:
    '⛔ La tienda retiró del servicio el proxy del alquiler #{id} ({label}) y ya no funciona. Reemplázalo gratis en la página Historial: tu usuario, contraseña y puertos no cambian.',
  proxyDisabledRefund: 'También puedes pedir un reembolso allí hasta el {until}.',
  subjects: {
    expiry_24h: 'Un alquiler de proxy termina en 24 horas',
    expiry_1h: 'Un alquiler de proxy termina en 1 hora',
    auto_renewed: 'Se renovó un alquiler de proxy',
    renew_failed: 'No se pudo renovar un alquiler de proxy',
    payment_credited: 'Pago acreditado',
    proxy_replaced: 'Se reemplazó un proxy',
    proxy_disabled: 'Un proxy dejó de funcionar',
    email_confirm: 'Confirma tu dirección de correo',
  },
  emailConfirm:
    'Abre este enlace para recibir avisos sobre tus proxies en esta dirección:\n\n{url}\n\nSi no lo pediste, ignora este mensaje.',
  emailFooter: 'Elige qué avisos llegan por correo, o elimina esta dirección, en la página de tu cuenta: {url}',
  linked: '✅ Conectado. Este chat recibirá avisos sobre tus proxies. /help muestra los comandos.',
  badCode:
    'Este enlace no es válido, ha caducado o ya se usó. Pulsa Conectar Telegram en la página de tu cuenta para obtener uno nuevo.',
  notLinked:
    'Este chat no está conectado a ninguna cuenta. Pulsa Conectar Telegram en la página de tu cuenta y abre el enlace.',
  balance: 'Saldo: {balance}',
  proxiesNone: 'No tienes proxies conectados.',
  proxiesHeader: 'Tus proxies conectados:',
  proxyLine: '#{id} {label}: quedan {left}',
  hoursMinutes: '{h} h {m} min',
  stopped: 'Desconectado. Este chat no recibirá más avisos.',
  help: 'Comandos:\n/balance: tu saldo\n/proxies: proxies conectados y tiempo restante\n/stop: desconectar este chat\n/help: esta lista',
};

const fr: Texts = {
  expiry24Header: '⏰ Se termine dans 24 heures :',
  expiry1Header: '⏰ Se termine dans 1 heure :',
  expiryFooter: 'Prolongez-la sur la page Historique pour la garder.',
  autoRenewed:
    '✅ La location n°{id} ({label}) a été renouvelée automatiquement pour {amount}. Elle se termine désormais le {end}.',
  renewFailed:
    '⚠️ La location n°{id} ({label}) n’a pas pu être renouvelée automatiquement : {reason}. Elle se termine le {end}. Rechargez votre solde pour la garder.',
  renewShort: 'le renouvellement coûte {price} et votre solde est de {balance}',
  renewWithdrawn: 'le proxy a été retiré de la vente',
  paymentCredited: '💰 {amount} ont été crédités sur votre solde. Solde : {balance}.',
  proxyReplaced:
    '🔁 Le proxy de la location n°{id} ne fonctionnait plus et a été remplacé. Nouvelle IP de sortie : {ip}. Votre identifiant, votre mot de passe et vos ports restent les mêmes.',
  proxyDisabled:
    '⛔ La boutique a retiré du service le proxy de la location n°{id} ({label}) : il ne fonctionne plus. Remplacez-le gratuitement sur la page Historique ; votre identifiant, votre mot de passe et vos ports restent les mêmes.',
  proxyDisabledRefund: 'Vous pouvez aussi y demander un remboursement jusqu’au {until}.',
  subjects: {
    expiry_24h: 'Une location de proxy se termine dans 24 heures',
    expiry_1h: 'Une location de proxy se termine dans 1 heure',
    auto_renewed: 'Une location de proxy a été renouvelée',
    renew_failed: 'Une location de proxy n’a pas pu être renouvelée',
    payment_credited: 'Paiement crédité',
    proxy_replaced: 'Un proxy a été remplacé',
    proxy_disabled: 'Un proxy ne fonctionne plus',
    email_confirm: 'Confirmez votre adresse e-mail',
  },
  emailConfirm:
    'Ouvrez ce lien pour recevoir les notifications sur vos proxies à cette adresse :\n\n{url}\n\nSi vous n’avez rien demandé, ignorez ce message.',
  emailFooter:
    'Choisissez quelles notifications arrivent par e-mail, ou supprimez cette adresse, sur la page de votre compte : {url}',
  linked: '✅ Connecté. Ce chat recevra les notifications sur vos proxies. /help liste les commandes.',
  badCode:
    'Ce lien n’est pas valide, a expiré ou a déjà servi. Appuyez sur Connecter Telegram sur la page de votre compte pour en obtenir un nouveau.',
  notLinked:
    'Ce chat n’est lié à aucun compte. Appuyez sur Connecter Telegram sur la page de votre compte et ouvrez le lien.',
  balance: 'Solde : {balance}',
  proxiesNone: 'Vous n’avez aucun proxy connecté.',
  proxiesHeader: 'Vos proxies connectés :',
  proxyLine: 'n°{id} {label} : encore {left}',
  hoursMinutes: '{h} h {m} min',
  stopped: 'Déconnecté. Ce chat ne recevra plus de notifications.',
  help: 'Commandes :\n/balance : votre solde\n/proxies : proxies connectés et temps restant\n/stop : déconnecter ce chat\n/help : cette liste',
};

const zh: Texts = {
  expiry24Header: '⏰ 24 小时后到期：',
  expiry1Header: '⏰ 1 小时后到期：',
  expiryFooter: '如需保留，请在“历史”页面续期。',
  autoRenewed: '✅ 租用 #{id}（{label}）已自动续期，费用 {amount}。现在到期时间为 {end}。',
  renewFailed: '⚠️ 租用 #{id}（{label}）无法自动续期：{reason}。将于 {end} 到期。如需保留，请充值余额。',
  renewShort: '续期需要 {price}，而您的余额为 {balance}',
  renewWithdrawn: '该代理已下架',
  paymentCredited: '💰 已向您的余额存入 {amount}。余额：{balance}。',
  proxyReplaced: '🔁 租用 #{id} 的代理已停止工作并已被替换。新的出口 IP：{ip}。您的用户名、密码和端口保持不变。',
  proxyDisabled:
    '⛔ 租用 #{id}（{label}）的代理已被商店停用，无法再使用。请在“历史”页面免费更换：您的用户名、密码和端口保持不变。',
  proxyDisabledRefund: '您也可以在 {until} 之前在该页面申请退款。',
  subjects: {
    expiry_24h: '代理租用将在 24 小时后到期',
    expiry_1h: '代理租用将在 1 小时后到期',
    auto_renewed: '代理租用已续期',
    renew_failed: '代理租用无法续期',
    payment_credited: '付款已入账',
    proxy_replaced: '代理已被替换',
    proxy_disabled: '有代理停止工作',
    email_confirm: '确认您的电子邮箱地址',
  },
  emailConfirm: '打开此链接，即可在此地址接收有关您代理的通知：\n\n{url}\n\n如果这不是您本人的操作，请忽略此邮件。',
  emailFooter: '在您的账户页面选择哪些通知通过电子邮件发送，或删除此地址：{url}',
  linked: '✅ 已连接。此聊天将接收有关您代理的通知。/help 列出所有命令。',
  badCode: '此链接无效、已过期或已被使用。请在账户页面点击“连接 Telegram”获取新链接。',
  notLinked: '此聊天未连接到任何账户。请在账户页面点击“连接 Telegram”并打开链接。',
  balance: '余额：{balance}',
  proxiesNone: '您没有已连接的代理。',
  proxiesHeader: '您已连接的代理：',
  proxyLine: '#{id} {label}：剩余 {left}',
  hoursMinutes: '{h} 小时 {m} 分钟',
  stopped: '已断开。此聊天将不再接收通知。',
  help: '命令：\n/balance：您的余额\n/proxies：已连接的代理及剩余时间\n/stop：断开此聊天\n/help：此列表',
};

export const TEXTS: Record<Language, Texts> = { en, ru, hi, es, fr, 'zh-CN': zh };

export function textsFor(language: string | null | undefined): Texts {
  return TEXTS[(language ?? 'en') as Language] ?? en;
}

/** Replaces each `{name}` with its value; a name without a value stays as it is. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}
