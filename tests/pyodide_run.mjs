// Run Python code in Pyodide under node, as xlwings Lite runs main.py in Excel.
//
// usage: node pyodide_run.mjs PYODIDE_DIR WHEELS_DIR MAIN_PY SCRIPT_PY
// The wheels in WHEELS_DIR (pure-Python, e.g. xlwings) are unpacked into Pyodide's
// site-packages, as Lite provides them; MAIN_PY is written to the working folder as main.py;
// SCRIPT_PY runs last and its standard output is this program's output.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelsDir, mainPy, scriptPy] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.mkdirTree("/home/pyodide/wheels");
for (const name of readdirSync(wheelsDir).filter((n) => n.endsWith(".whl"))) {
  pyodide.FS.writeFile(`/home/pyodide/wheels/${name}`, readFileSync(join(wheelsDir, name)));
}
pyodide.FS.writeFile("/home/pyodide/main.py", readFileSync(mainPy));
await pyodide.runPythonAsync(`
import glob, site, sys, zipfile
target = site.getsitepackages()[0]
for wheel in sorted(glob.glob("/home/pyodide/wheels/*.whl")):
    zipfile.ZipFile(wheel).extractall(target)
sys.path.insert(0, "/home/pyodide")
`);
pyodide.setStdout({ batched: (s) => process.stdout.write(s + "\n") });
try {
  await pyodide.runPythonAsync(readFileSync(scriptPy, "utf8"));
} catch (error) {
  // A Python exception: its traceback, without the JavaScript stack around it.
  process.stderr.write(String(error.message) + "\n");
  process.exit(1);
}
