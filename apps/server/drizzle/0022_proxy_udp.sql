-- Whether UDP (SOCKS5 UDP ASSOCIATE) passes through the proxy's upstream, as discovery last found:
-- null until it has looked (or while UDP_CHECK_TARGET is off).
ALTER TABLE "proxies" ADD COLUMN "udp" boolean;
