/**
 * Port of BFCL's GorillaFileSystem (gorilla_file_system.py): an in-memory tree with a current
 * directory and shell-like commands. Long context: every file not in FILES_TAIL_USED gets
 * FILE_CONTENT_EXTENSION appended, and every directory without subdirectories is filled with the
 * empty files named in POPULATE_FILE_EXTENSION.
 */
import { method, methodTable, PythonError, type EnvironmentInstance } from '../environment.ts';
import { isDict, splitLines, splitWhitespace, sliceFrom } from '../python-values.ts';
import type { LongContextConstants } from '../long-context.ts';
import { isFloat, toNumber } from '../python-float.ts';

class File {
  constructor(
    public name: string,
    public content: string = '',
  ) {}
}

class Directory {
  contents: Map<string, File | Directory> = new Map();
  constructor(
    public name: string,
    public parent: Directory | null,
  ) {}
  addFile(name: string, content = ''): void {
    if (this.contents.has(name)) throw new PythonError(`File '${name}' already exists in directory '${this.name}'.`);
    this.contents.set(name, new File(name, content));
  }
  addDirectory(name: string): void {
    if (this.contents.has(name))
      throw new PythonError(`Directory '${name}' already exists in directory '${this.name}'.`);
    this.contents.set(name, new Directory(name, this));
  }
  getItem(name: string): File | Directory | undefined {
    return name === '.' ? this : this.contents.get(name);
  }
}

/** Python `==` of two tree nodes: same kind, same name, same content or same children. */
function nodesEqual(left: File | Directory, right: File | Directory): boolean {
  if (left instanceof File) return right instanceof File && left.name === right.name && left.content === right.content;
  if (!(right instanceof Directory) || left.name !== right.name || left.contents.size !== right.contents.size)
    return false;
  for (const [key, child] of left.contents) {
    const other = right.contents.get(key);
    if (!other || !nodesEqual(child, other)) return false;
  }
  return true;
}

/** Snapshot used for the state check: a node's value as Python compares it. */
function snapshot(node: File | Directory): unknown {
  if (node instanceof File) return { kind: 'file', name: node.name, content: node.content };
  const contents: Record<string, unknown> = {};
  for (const [key, child] of node.contents) contents[key] = snapshot(child);
  return { kind: 'directory', name: node.name, contents };
}

const INVALID_NAME_CHARACTERS = '|/\\?%*:"><';
const validName = (name: string): boolean =>
  ![...INVALID_NAME_CHARACTERS].some((character) => name.includes(character));

export class GorillaFileSystem implements EnvironmentInstance {
  readonly className = 'GorillaFileSystem';
  private root: Directory = new Directory('/', null);
  private currentDirectory: Directory = this.root;
  private longContext = false;

  constructor(
    scenario: Record<string, unknown>,
    longContext: boolean,
    private readonly constants: LongContextConstants,
  ) {
    this.longContext = longContext;
    const rootSpec = scenario.root;
    if (isDict(rootSpec)) {
      const rootName = Object.keys(rootSpec)[0]!;
      const rootEntry = rootSpec[rootName] as { contents: Record<string, unknown> };
      this.root = this.loadDirectory(rootEntry.contents, new Directory(rootName, null));
    }
    this.currentDirectory = this.root;
  }

  private loadDirectory(current: Record<string, unknown>, parent: Directory): Directory {
    let bottommost = true;
    for (const [name, data] of Object.entries(current)) {
      const entry = data as { type: string; contents?: Record<string, unknown>; content?: string };
      if (entry.type === 'directory') {
        bottommost = false;
        parent.contents.set(name, this.loadDirectory(entry.contents ?? {}, new Directory(name, parent)));
      } else if (entry.type === 'file') {
        let content = entry.content ?? '';
        if (this.longContext && !this.constants.FILES_TAIL_USED.includes(name))
          content += this.constants.FILE_CONTENT_EXTENSION;
        parent.contents.set(name, new File(name, content));
      }
    }
    if (bottommost && this.longContext) {
      for (const name of this.constants.POPULATE_FILE_EXTENSION) parent.addFile(name);
    }
    return parent;
  }

  publicState(): Record<string, unknown> {
    return { root: snapshot(this.root), long_context: this.longContext };
  }

  private navigate(path: string | null): Directory | { error: string } {
    if (path === null || path === '.') return this.currentDirectory;
    if (path === '/') return this.root;
    const parts = path.replace(/^\/+|\/+$/g, '').split('/');
    let directory = path.startsWith('/') ? this.root : this.currentDirectory;
    for (const part of parts) {
      const next = directory.getItem(part);
      if (next instanceof Directory) directory = next;
      else return { error: `cd: '${path}': No such file or directory` };
    }
    return directory;
  }

  private fileNamed(name: string): File | undefined {
    const item = this.currentDirectory.contents.has(name) ? this.currentDirectory.getItem(name) : undefined;
    return item instanceof File ? item : undefined;
  }

  readonly methods = methodTable([
    method('pwd()', () => {
      const path: string[] = [];
      for (let directory: Directory | null = this.currentDirectory; directory !== null; directory = directory.parent)
        path.push(directory.name);
      return { current_working_directory: `/${path.reverse().join('/')}` };
    }),
    method('ls(a: bool = False)', ({ a }) => {
      let contents = [...this.currentDirectory.contents.keys()];
      if (!a) contents = contents.filter((item) => !item.startsWith('.'));
      return { current_directory_content: contents };
    }),
    method('cd(folder: str)', (args) => {
      let folder = (args.folder as string).replace(/\/+$/, '');
      if (folder === '') folder = '/';
      if (!['.', '..', '/'].includes(folder) && folder.includes('/')) {
        return { error: `cd: ${folder}: Unsupported path. Only one folder level at a time is supported.` };
      }
      if (folder === '..') {
        if (this.currentDirectory.parent) this.currentDirectory = this.currentDirectory.parent;
        else if (nodesEqual(this.root, this.currentDirectory))
          return { error: 'Current directory is already the root. Cannot go back.' };
        else return { error: 'cd: ..: No such directory' };
        return {};
      }
      const target = this.navigate(folder);
      if (!(target instanceof Directory)) return target;
      this.currentDirectory = target;
      return { current_working_directory: target.name };
    }),
    method('mkdir(dir_name: str)', ({ dir_name }) => {
      const name = dir_name as string;
      if (!validName(name)) return { error: `mkdir: cannot create directory '${name}': Invalid character` };
      if (this.currentDirectory.contents.has(name))
        return { error: `mkdir: cannot create directory '${name}': File exists` };
      this.currentDirectory.addDirectory(name);
      return null;
    }),
    method('touch(file_name: str)', ({ file_name }) => {
      const name = file_name as string;
      if (!validName(name)) return { error: `touch: cannot touch '${name}': Invalid character` };
      if (this.currentDirectory.contents.has(name)) return { error: `touch: cannot touch '${name}': File exists` };
      this.currentDirectory.addFile(name);
      return null;
    }),
    method('echo(content: str, file_name: Optional[str] = None)', ({ content, file_name }) => {
      if (file_name === null) return { terminal_output: content };
      const name = file_name as string;
      if (!validName(name)) return { error: `echo: cannot write to '${name}': Invalid character` };
      if (name) {
        if (!this.currentDirectory.contents.has(name))
          return { error: `echo: cannot write to '${name}': No such file` };
        const item = this.currentDirectory.getItem(name);
        // Python calls `_write` on whatever is there; a directory has none and raises.
        if (!(item instanceof File)) throw new PythonError(`'Directory' object has no attribute '_write'`);
        item.content = content as string;
        return null;
      }
      return { terminal_output: content };
    }),
    method('cat(file_name: str)', ({ file_name }) => {
      const name = file_name as string;
      if (!validName(name)) return { error: `cat: '${name}': Invalid character` };
      if (!this.currentDirectory.contents.has(name)) return { error: `cat: '${name}': No such file or directory` };
      const item = this.currentDirectory.getItem(name);
      return item instanceof File ? { file_content: item.content } : { error: `cat: '${name}': Is a directory` };
    }),
    method('find(path: str = ".", name: Optional[str] = None)', (args) => {
      const path = args.path as string;
      const name = args.name as string | null;
      const target = this.navigate(path);
      if (!(target instanceof Directory)) {
        return target.error.startsWith('cd:') ? { error: target.error.replace('cd:', 'find:') } : target;
      }
      const matches: string[] = [];
      const search = (directory: Directory, basePath: string): void => {
        for (const [itemName, item] of directory.contents) {
          const itemPath = `${basePath}/${itemName}`;
          if (name === null || itemName.includes(name)) matches.push(itemPath);
          if (item instanceof Directory) search(item, itemPath);
        }
      };
      search(target, path.replace(/\/+$/, ''));
      return { matches };
    }),
    method('wc(file_name: str, mode: str = "l")', ({ file_name, mode }) => {
      if (!['l', 'w', 'c'].includes(mode as string)) return { error: `wc: invalid mode '${mode}'` };
      const file = this.fileNamed(file_name as string);
      if (!file) return { error: `wc: ${file_name}: No such file or directory` };
      if (mode === 'l') return { count: splitLines(file.content).length, type: 'lines' };
      if (mode === 'w') return { count: splitWhitespace(file.content).length, type: 'words' };
      return { count: [...file.content].length, type: 'characters' };
    }),
    method('sort(file_name: str)', ({ file_name }) => {
      const file = this.fileNamed(file_name as string);
      if (!file) return { error: `sort: ${file_name}: No such file or directory` };
      const lines = splitLines(file.content).sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
      return { sorted_content: lines.join('\n') };
    }),
    method('grep(file_name: str, pattern: str)', ({ file_name, pattern }) => {
      const file = this.fileNamed(file_name as string);
      if (!file) return { error: `grep: ${file_name}: No such file or directory` };
      return { matching_lines: splitLines(file.content).filter((line) => line.includes(pattern as string)) };
    }),
    method('du(human_readable: bool = False)', ({ human_readable }) => {
      const size = (item: File | Directory): number =>
        item instanceof File
          ? Buffer.byteLength(item.content, 'utf8')
          : [...item.contents.values()].reduce((sum, child) => sum + size(child), 0);
      let total = size(this.currentDirectory);
      if (!human_readable) return { disk_usage: `${total} bytes` };
      for (const unit of ['B', 'KB', 'MB', 'GB', 'TB']) {
        if (total < 1024) return { disk_usage: `${total.toFixed(2)} ${unit}` };
        total /= 1024;
      }
      return { disk_usage: `${total.toFixed(2)} PB` };
    }),
    method('tail(file_name: str, lines: int = 10)', (args) => {
      const file = this.fileNamed(args.file_name as string);
      if (!file) return { error: `tail: ${args.file_name}: No such file or directory` };
      const content = splitLines(file.content);
      let lines: unknown = args.lines;
      if (toNumber(lines) > content.length) lines = content.length;
      // Python's content[-lines:] needs an int index; lines = 0 gives the whole file, a negative count skips from the
      // start.
      if (isFloat(lines)) throw new PythonError('slice indices must be integers or None or have an __index__ method');
      return { last_lines: sliceFrom(content, -toNumber(lines)).join('\n') };
    }),
    method('diff(file_name1: str, file_name2: str)', ({ file_name1, file_name2 }) => {
      const first = this.fileNamed(file_name1 as string);
      const second = this.fileNamed(file_name2 as string);
      if (!first || !second) return { error: `diff: ${file_name1} or ${file_name2}: No such file or directory` };
      const left = splitLines(first.content);
      const right = splitLines(second.content);
      const lines: string[] = [];
      for (let position = 0; position < Math.min(left.length, right.length); position++) {
        if (left[position] !== right[position]) lines.push(`- ${left[position]}\n+ ${right[position]}`);
      }
      return { diff_lines: lines.join('\n') };
    }),
    method('mv(source: str, destination: str)', (args) =>
      this.moveOrCopy(args.source as string, args.destination as string, 'mv'),
    ),
    method('rm(file_name: str)', ({ file_name }) => {
      const name = file_name as string;
      if (!this.currentDirectory.contents.has(name))
        return { error: `rm: cannot remove '${name}': No such file or directory` };
      this.currentDirectory.contents.delete(name);
      return { result: `'${name}' removed` };
    }),
    method('rmdir(dir_name: str)', ({ dir_name }) => {
      const name = dir_name as string;
      if (!this.currentDirectory.contents.has(name))
        return { error: `rmdir: cannot remove '${name}': No such file or directory` };
      const item = this.currentDirectory.getItem(name);
      if (!(item instanceof Directory)) return { error: `rmdir: cannot remove '${name}': Not a directory` };
      if (item.contents.size > 0) return { error: `rmdir: cannot remove '${name}': Directory not empty` };
      this.currentDirectory.contents.delete(name);
      return { result: `'${name}' removed` };
    }),
    method('cp(source: str, destination: str)', (args) =>
      this.moveOrCopy(args.source as string, args.destination as string, 'cp'),
    ),
  ]);

  /**
   * `mv` and `cp` share their checks. Moved or copied directories keep the same child objects
   * (mv) or a shallow copy of the child map (cp), as the Python code does.
   */
  private moveOrCopy(source: string, destination: string, command: 'mv' | 'cp'): unknown {
    const verb = command === 'mv' ? 'move' : 'copy';
    const done = command === 'mv' ? 'moved' : 'copied';
    const here = this.currentDirectory;
    if (!here.contents.has(source))
      return { error: `${command}: cannot ${verb} '${source}': No such file or directory` };
    const item = here.getItem(source)!;
    if (destination.includes('/'))
      return { error: `${command}: path not allowed in destination. Provide only a file or directory name.` };
    const place = (target: Directory, name: string): void => {
      if (item instanceof File) target.addFile(name, item.content);
      else {
        target.addDirectory(name);
        (target.contents.get(name) as Directory).contents = command === 'mv' ? item.contents : new Map(item.contents);
      }
    };
    if (here.contents.has(destination)) {
      const target = here.getItem(destination);
      if (!(target instanceof Directory))
        return { error: `${command}: cannot ${verb} '${source}' to '${destination}': Not a directory` };
      // Python's cp checks for "destination/source" as a key, which never exists; mv checks "source".
      const collisionKey = command === 'mv' ? source : `${destination}/${source}`;
      if (target.contents.has(collisionKey))
        return { error: `${command}: cannot ${verb} '${source}' to '${destination}/${source}': File exists` };
      if (command === 'mv') here.contents.delete(source);
      place(target, source);
      return { result: `'${source}' ${done} to '${destination}/${source}'` };
    }
    if (command === 'mv') here.contents.delete(source);
    place(here, destination);
    return { result: `'${source}' ${done} to '${destination}'` };
  }
}
