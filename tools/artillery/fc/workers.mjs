/**
 * Preload (`node --import`) for `--engine artillery --workers N`: Artillery's local runner starts one
 * worker thread per core less one (os.cpus().length − 1) and takes no count. FC_ARTILLERY_WORKERS=N
 * makes os.cpus() list N + 1 cores, so the runner cuts the script into N workers (its own divideWork),
 * whatever the machine has: that is how the split is proven on a 2-core machine. Nothing else changes.
 */
import os from 'node:os';

const n = Number(process.env.FC_ARTILLERY_WORKERS);
if (Number.isInteger(n) && n > 0) {
  const real = os.cpus.bind(os);
  os.cpus = () => {
    const cores = real();
    return Array.from({ length: n + 1 }, (_, i) => cores[i % cores.length]);
  };
}
