// typescript-native's own lookup of its binary reads import.meta, which jest's CommonJS runtime cannot run; Lore passes the binary's path itself (native-checker.ts), so this is never called.
module.exports = {
  __esModule: true,
  default() {
    throw new Error('typescript-native: the binary path is given by native-checker.ts');
  },
};
