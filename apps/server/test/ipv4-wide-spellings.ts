/**
 * IPv6 spellings that each reached every IPv4 client (mapped, translated or all-zero prefixes):
 * an IP authorization list must refuse each of them.
 */
export const EVERY_IPV4_CLIENT = [
  '::/64',
  '::ffff:0:0/96',
  '::ffff:0.0.0.0/96',
  '0:0:0:0:0:ffff:0:0/96',
  '::ffff:0:0/64',
  '::ffff:127.0.0.0/104',
  '::ffff:127.0.0.0/112',
  '64:ff9b::/96',
];
