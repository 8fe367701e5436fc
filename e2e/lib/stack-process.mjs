/**
 * The standalone stack (lib/stack.mjs) in a process of its own, so that the product runs on plain Node rather than
 * inside the test runner (whose module hooks would compile it again): lib/global-setup.mjs forks this file, gets
 * the stack's addresses as an IPC message once it is up, and ends it with SIGTERM. The stack also stops when the
 * runner goes away without a word (the IPC channel closes).
 */
import { startStack } from './stack.mjs';

const { close, ...addresses } = await startStack();
let stopping;
const stop = () => {
  stopping ??= close().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
process.send?.({ addresses });
