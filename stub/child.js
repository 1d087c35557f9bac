// Child-process entry of the embedded stub of a Playwright run (stub/process.ts). Plain JavaScript, so
// that it holds the socket within milliseconds of starting; TypeScript (tsx) is registered after.
//
// It receives its configuration and an already listening socket over IPC, builds the stub, and serves
// every connection that socket accepts, including those that arrived while it was loading (they wait
// until the stub is ready). Messages: in {config} with the socket; out 'holding' (it accepts on the
// socket), then 'ready' or {error}. It exits when its parent disconnects (stub/process.ts `close`) or
// goes away, at any point, loading or serving.
if (!process.send) throw new Error('stub/child.js runs only as a child process with an IPC channel (stub/process.ts)');

// The stub keeps nothing on disk: neither kept-alive connections nor a load in progress need finishing.
process.once('disconnect', () => process.exit(0));
// A Ctrl-C reaches the whole process group: the runner tears the run down and then closes this
// process, which meanwhile serves the teardown's last calls (and is not mistaken for a stub that died).
process.on('SIGINT', () => undefined);

process.once('message', (message, listener) => {
  /** Connections accepted before the stub could serve them. */
  const pending = [];
  let serve;
  // A client that gives up while its connection waits (a reset) must cost that connection only.
  const dropOnError = (socket) => socket.destroy();
  listener.on('connection', (socket) => {
    if (serve) return serve(socket);
    socket.on('error', () => dropOnError(socket));
    pending.push(socket);
  });
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
      for (const socket of pending.splice(0)) if (!socket.destroyed) serve(socket);
      process.send('ready');
    })
    .catch((err) => {
      // The stack for whoever reads the run's output; the one-line reason for the run's reports.
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.send({ error: err instanceof Error ? err.message : String(err) }, () => process.exit(1));
    });
});
