// Child-process entry of the embedded stub of a Playwright run (stub/process.ts). Plain JavaScript, so
// that it holds the socket within milliseconds of starting; TypeScript (tsx) is registered after.
//
// It receives its configuration and an already listening socket over IPC, builds the stub, and serves
// every connection that socket accepts, including those that arrived while it was loading (they wait
// until the stub is ready). Messages: in {config} with the socket, then 'close'; out 'holding' (it
// accepts on the socket), then 'ready' or {error}. It exits when told to close or when its parent goes.
if (!process.send) throw new Error('stub/child.js runs only as a child process with an IPC channel (stub/process.ts)');

process.once('message', (message, listener) => {
  /** Connections accepted before the stub could serve them. */
  const pending = [];
  let serve;
  listener.on('connection', (socket) => (serve ? serve(socket) : pending.push(socket)));
  process.send('holding');
  // The stub's modules are most of this process's start-up: loaded after the socket is held.
  import('tsx/esm/api')
    .then(({ register }) => {
      register();
      return import('./app.ts');
    })
    .then(({ buildStub }) => buildStub(message.config))
    .then(({ app }) => {
      serve = (socket) => app.server.emit('connection', socket);
      for (const socket of pending.splice(0)) serve(socket);
      // The stub keeps nothing on disk: kept-alive connections need no draining.
      process.on('message', (m) => {
        if (m === 'close') process.exit(0);
      });
      process.send('ready');
    })
    .catch((err) => {
      process.send({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) }, () => process.exit(1));
    });
});
// The run that started it has ended (or died): nothing is left to serve.
process.once('disconnect', () => process.exit(0));
