import type { AlertKind, Language } from '@portal/contract';

/**
 * What the bot says to operators, in the six languages of the web app: the language is the one
 * the operator's Telegram app reported when the chat was linked (the console's language is a
 * choice of the browser, which the server does not know). An alert's figures are named here too;
 * their values (ids, counts, dates, error texts) are written as they are.
 */
export interface OperatorTexts {
  linked: string;
  raised: string;
  over: string;
  titles: Record<AlertKind, string>;
  figures: Record<string, string>;
}

const en: OperatorTexts = {
  linked:
    "This chat is linked to your operator account: owners and managers get the shop's operator alerts here. Unlink it on the console's My account screen.",
  raised: 'Alert',
  over: 'Over',
  titles: {
    database_down: 'The database does not answer',
    gateway_down: 'A gateway process is gone',
    low_stock: 'Free proxies are running low',
    ipqs_budget: "This month's IPQS budget is used up",
    backup_failed: 'A scheduled backup failed',
    payment_provider: 'The payment provider is failing',
    operator_locked: 'An operator is locked after too many wrong authenticator codes',
    node_offline: 'A gateway node is out of contact',
    payment_unconfirmed: 'A payment stayed unconfirmed for 72 hours and was closed unpaid',
  },
  figures: {
    provider: 'provider',
    operation: 'operation',
    failures: 'failures',
    file: 'file',
    run: 'backup run',
    error: 'error',
    gateways: 'gateways',
    lastSeen: 'last seen',
    forgotten: 'forgotten',
    free: 'free',
    threshold: 'threshold',
    used: 'used',
    limit: 'limit',
    month: 'month',
    operator: 'operator',
    attempts: 'wrong codes',
    node: 'node',
    host: 'host',
    alertedAt: 'out of contact since',
    payment: 'payment',
    customer: 'customer',
    amount: 'amount',
    providerStatus: 'provider status',
  },
};

const ru: OperatorTexts = {
  linked:
    'Этот чат привязан к вашему аккаунту оператора: владельцы и менеджеры получают здесь оповещения магазина. Отвязать его можно на экране «Мой аккаунт» в консоли.',
  raised: 'Тревога',
  over: 'Отбой',
  titles: {
    database_down: 'База данных не отвечает',
    gateway_down: 'Процесс шлюза не выходит на связь',
    low_stock: 'Свободные прокси заканчиваются',
    ipqs_budget: 'Месячный лимит IPQS исчерпан',
    backup_failed: 'Плановая резервная копия не удалась',
    payment_provider: 'Платёжный провайдер даёт сбои',
    operator_locked: 'Оператор заблокирован после слишком многих неверных кодов аутентификатора',
    node_offline: 'Узел шлюза не выходит на связь',
    payment_unconfirmed: 'Платёж 72 часа оставался неподтверждённым и закрыт как неоплаченный',
  },
  figures: {
    provider: 'провайдер',
    operation: 'операция',
    failures: 'сбоев',
    file: 'файл',
    run: 'запуск копирования',
    error: 'ошибка',
    gateways: 'шлюзы',
    lastSeen: 'последний раз на связи',
    forgotten: 'больше не отслеживаются',
    free: 'свободно',
    threshold: 'порог',
    used: 'использовано',
    limit: 'лимит',
    month: 'месяц',
    operator: 'оператор',
    attempts: 'неверных кодов',
    node: 'узел',
    host: 'адрес',
    alertedAt: 'без связи с',
    payment: 'платёж',
    customer: 'клиент',
    amount: 'сумма',
    providerStatus: 'статус у провайдера',
  },
};

const hi: OperatorTexts = {
  linked:
    'यह चैट आपके ऑपरेटर खाते से जुड़ गई है: मालिकों और प्रबंधकों को दुकान के ऑपरेटर अलर्ट यहीं मिलते हैं। इसे कंसोल की “मेरा खाता” स्क्रीन पर अलग करें।',
  raised: 'अलर्ट',
  over: 'समाप्त',
  titles: {
    database_down: 'डेटाबेस जवाब नहीं दे रहा',
    gateway_down: 'एक गेटवे प्रोसेस बंद हो गया है',
    low_stock: 'खाली प्रॉक्सी कम हो रहे हैं',
    ipqs_budget: 'इस महीने का IPQS बजट खत्म हो गया है',
    backup_failed: 'एक निर्धारित बैकअप विफल रहा',
    payment_provider: 'भुगतान प्रदाता विफल हो रहा है',
    operator_locked: 'बहुत सारे गलत ऑथेंटिकेटर कोड के बाद एक ऑपरेटर लॉक हो गया है',
    node_offline: 'एक गेटवे नोड से संपर्क टूट गया है',
    payment_unconfirmed: 'एक भुगतान 72 घंटे तक अपुष्ट रहा और अदत्त के रूप में बंद कर दिया गया',
  },
  figures: {
    provider: 'प्रदाता',
    operation: 'कार्य',
    failures: 'विफलताएँ',
    file: 'फ़ाइल',
    run: 'बैकअप रन',
    error: 'त्रुटि',
    gateways: 'गेटवे',
    lastSeen: 'आखिरी बार देखा गया',
    forgotten: 'ट्रैकिंग से हटाए गए',
    free: 'खाली',
    threshold: 'न्यूनतम सीमा',
    used: 'उपयोग हुए',
    limit: 'सीमा',
    month: 'महीना',
    operator: 'ऑपरेटर',
    attempts: 'गलत कोड',
    node: 'नोड',
    host: 'होस्ट',
    alertedAt: 'संपर्क टूटने का समय',
    payment: 'भुगतान',
    customer: 'ग्राहक',
    amount: 'राशि',
    providerStatus: 'प्रदाता पर स्थिति',
  },
};

const es: OperatorTexts = {
  linked:
    'Este chat está vinculado a tu cuenta de operador: los propietarios y los gestores reciben aquí las alertas de la tienda. Desvincúlalo en la pantalla «Mi cuenta» de la consola.',
  raised: 'Alerta',
  over: 'Resuelta',
  titles: {
    database_down: 'La base de datos no responde',
    gateway_down: 'Ha desaparecido un proceso de gateway',
    low_stock: 'Quedan pocos proxies libres',
    ipqs_budget: 'El presupuesto de IPQS de este mes se ha agotado',
    backup_failed: 'Ha fallado una copia de seguridad programada',
    payment_provider: 'El proveedor de pagos está fallando',
    operator_locked: 'Un operador quedó bloqueado tras demasiados códigos de autenticación erróneos',
    node_offline: 'Un nodo de pasarela no da señales de vida',
    payment_unconfirmed: 'Un pago siguió sin confirmar durante 72 horas y se cerró como no pagado',
  },
  figures: {
    provider: 'proveedor',
    operation: 'operación',
    failures: 'fallos',
    file: 'archivo',
    run: 'ejecución de copia',
    error: 'error',
    gateways: 'gateways',
    lastSeen: 'visto por última vez',
    forgotten: 'retirados del seguimiento',
    free: 'libres',
    threshold: 'umbral',
    used: 'usadas',
    limit: 'límite',
    month: 'mes',
    operator: 'operador',
    attempts: 'códigos erróneos',
    node: 'nodo',
    host: 'host',
    alertedAt: 'sin contacto desde',
    payment: 'pago',
    customer: 'cliente',
    amount: 'importe',
    providerStatus: 'estado en el proveedor',
  },
};

const fr: OperatorTexts = {
  linked:
    "Cette discussion est liée à votre compte d'opérateur : les propriétaires et les gestionnaires y reçoivent les alertes de la boutique. Déliez-la depuis l'écran « Mon compte » de la console.",
  raised: 'Alerte',
  over: 'Terminée',
  titles: {
    database_down: 'La base de données ne répond pas',
    gateway_down: 'Un processus de passerelle a disparu',
    low_stock: 'Les proxys libres se font rares',
    ipqs_budget: 'Le budget IPQS du mois est épuisé',
    backup_failed: 'Une sauvegarde planifiée a échoué',
    payment_provider: 'Le prestataire de paiement est en panne',
    operator_locked: 'Un opérateur est bloqué après trop de codes d’authentification faux',
    node_offline: 'Un nœud de passerelle ne répond plus',
    payment_unconfirmed: 'Un paiement est resté non confirmé pendant 72 heures et a été clos comme impayé',
  },
  figures: {
    provider: 'prestataire',
    operation: 'opération',
    failures: 'échecs',
    file: 'fichier',
    run: 'exécution de sauvegarde',
    error: 'erreur',
    gateways: 'passerelles',
    lastSeen: 'vue pour la dernière fois',
    forgotten: 'retirées du suivi',
    free: 'libres',
    threshold: 'seuil',
    used: 'utilisées',
    limit: 'limite',
    month: 'mois',
    operator: 'opérateur',
    attempts: 'codes faux',
    node: 'nœud',
    host: 'hôte',
    alertedAt: 'sans contact depuis',
    payment: 'paiement',
    customer: 'client',
    amount: 'montant',
    providerStatus: 'statut chez le prestataire',
  },
};

const zhCN: OperatorTexts = {
  linked: '此聊天已绑定到您的操作员账户：所有者和经理会在这里收到商店的运维告警。可在控制台的“我的账户”页面解除绑定。',
  raised: '告警',
  over: '已恢复',
  titles: {
    database_down: '数据库无响应',
    gateway_down: '网关进程失联',
    low_stock: '空闲代理即将不足',
    ipqs_budget: '本月的 IPQS 额度已用完',
    backup_failed: '定时备份失败',
    payment_provider: '支付服务商出现故障',
    operator_locked: '某操作员因多次输错验证码已被锁定',
    node_offline: '某网关节点失去联系',
    payment_unconfirmed: '一笔付款 72 小时未获确认，已按未付款关闭',
  },
  figures: {
    provider: '服务商',
    operation: '操作',
    failures: '失败次数',
    file: '文件',
    run: '备份任务',
    error: '错误',
    gateways: '网关',
    lastSeen: '最后在线',
    forgotten: '已移除',
    free: '空闲',
    threshold: '阈值',
    used: '已用',
    limit: '额度',
    month: '月份',
    operator: '操作员',
    attempts: '错误验证码次数',
    node: '节点',
    host: '主机',
    alertedAt: '失联时间',
    payment: '付款',
    customer: '客户',
    amount: '金额',
    providerStatus: '服务商状态',
  },
};

export const OPERATOR_TEXTS: Record<Language, OperatorTexts> = { en, ru, hi, es, fr, 'zh-CN': zhCN };

export function operatorTextsFor(language: Language | null | undefined): OperatorTexts {
  return OPERATOR_TEXTS[language ?? 'en'];
}
