// One second of AMR-NB (RFC 4867 section 5 storage format): the "#!AMR\n" magic, then 50 frames of
// 20 ms in mode 7 (12.2 kbit/s: a header byte 0x3C and 31 bytes of speech bits, here all zero,
// which decoders play as near silence). No AMR encoder ships with Debian's ffmpeg.
const frames = Array.from({ length: 50 }, () => Buffer.concat([Buffer.from([0x3c]), Buffer.alloc(31)]));
process.stdout.write(Buffer.concat([Buffer.from('#!AMR\n', 'latin1'), ...frames]));
