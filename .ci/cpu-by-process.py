"""Process accounting by kind of process (issue 47); see .ci/cpu-by-process.

  cpu-by-process.py --sample PIDS.tsv     notes each process's start and command line, every 0.5 s, until killed
                                          (in this one process: a sampler that forked would reuse pids itself)
  cpu-by-process.py PACCT PIDS.tsv        sums the CPU of every process in PACCT by kind
"""
import collections
import os
import re
import subprocess
import sys
import time

HZ = os.sysconf("SC_CLK_TCK")


def boot_time():
    for line in open("/proc/stat"):
        if line.startswith("btime "):
            return int(line.split()[1])
    return 0


def sample(path):
    boot = boot_time()
    seen = set()
    with open(path, "a") as out:
        while True:
            for p in os.listdir("/proc"):
                if not p.isdigit():
                    continue
                try:
                    with open(f"/proc/{p}/stat") as f:
                        stat = f.read()
                    start = boot + int(stat[stat.rindex(")") + 2 :].split()[19]) / HZ
                    key = (p, int(start))
                    if key in seen:
                        continue
                    with open(f"/proc/{p}/cmdline", "rb") as f:
                        c = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
                except (OSError, ValueError):
                    continue
                if c:
                    seen.add(key)
                    # the head (the program, its flags) and the tail (a main class after a long class path)
                    c = c if len(c) <= 1200 else c[:600] + " … " + c[-600:]
                    out.write(f"{p}\t{start:.2f}\t{c}\n")
            out.flush()
            time.sleep(0.5)


def kind(c, comm):
    if "surefirebooter" in c or "/surefire/" in c:
        m = re.search(r"/([\w-]+)/target/surefire", c)
        return "test JVMs: " + (m.group(1) if m else "?")
    if "io.duelhall.infra.OwnJvm" in c:
        return "test JVMs: infra (a class in a JVM of its own)"
    # the wrapper script execs Maven's JVM in the same process: the sampler may have seen it as the script still
    if "plexus-classworlds" in c or "MavenWrapperMain" in c or re.match(r"\S*sh \S*mvnw ", c):
        if "surefire:test" in c:
            m = re.search(r"-pl (\S+)", c)
            return "Maven: tests of " + (m.group(1) if m else "?")
        if "clean package" in c:
            return "Maven: the reproducible build"
        if " install" in c:
            return "Maven: the build"
        return "Maven: other"
    # ./run execs the app's JVM in the same process: the sampler may have seen it as the script still
    if (
        "duelhall.jar" in c
        or "/duelhall-run-" in c
        or "io.duelhall.infra.DuelhallApplication" in c
        or re.match(r"\S*sh (\S*/)?run --", c)
    ):
        return "the app jar (a process)"
    if "baseline.jar" in c:
        return "the baseline jar (a process)"
    if "edge" in c and ".jar" in c:
        return "the edge jar (a process)"
    if "kafka" in c.lower() and ("java" in c or comm == "java"):
        return "Kafka broker (a process)"
    if comm.startswith(("postgres", "initdb", "pg_ctl")):
        return "PostgreSQL"
    if "chromedriver" in c or comm.startswith("chromedriver"):
        return "Chromium: chromedriver"
    if "chrom" in c or comm.startswith("chrom"):
        m = re.search(r"--type=(\S+)", c)
        return "Chromium: " + (m.group(1) if m else "browser")
    if "java" in c.split(" ")[0] or comm == "java":
        m = re.search(r" ((?:io\.duelhall|org\.apache)\.[\w.$]+)(?: |$)", c)
        return "other JVMs" + (": " + m.group(1) if m else "")
    return "other: " + comm


def report(pacct, pids):
    cmdlines = collections.defaultdict(list)  # pid -> [(start, command line)]
    for line in open(pids, errors="replace"):
        pid, start, c = line.rstrip("\n").split("\t", 2)
        cmdlines[int(pid)].append((float(start), c))
    records = []
    dump = subprocess.run(["dump-acct", pacct], capture_output=True, text=True, check=True).stdout
    for line in dump.splitlines():
        f = [x.strip() for x in line.split("|")]
        # command, version, user CPU, system CPU (centiseconds), elapsed, uid, gid, memory, io, pid, ppid, flags,
        # exit code, tty, start time
        try:
            started = time.mktime(time.strptime(f[-1], "%a %b %d %H:%M:%S %Y"))
        except ValueError:
            started = None
        records.append((f[0], (float(f[2]) + float(f[3])) / 100.0, int(f[9]), int(f[10]), started))

    def cmdline(pid, started):
        best = ""
        for s, c in cmdlines.get(pid, []):
            if started is None or abs(s - started) <= 1.5:
                best = c
        return best

    by_pid = {}
    for comm, _, pid, ppid, started in records:
        by_pid[pid] = (ppid, kind(cmdline(pid, started), comm))

    def owner(ppid):
        for _ in range(40):
            if ppid not in by_pid:
                return None
            ppid, k = by_pid[ppid]
            if k.startswith("test JVMs") or k.startswith("Maven"):
                return k
        return None

    cpu = collections.Counter()
    count = collections.Counter()
    for comm, seconds, pid, ppid, started in records:
        k = by_pid[pid][1]
        if k.startswith(("other JVMs", "the ", "Kafka")):
            o = owner(ppid)
            if o:
                k += ", under " + o.split(": ", 1)[1]
        cpu[k] += seconds
        count[k] += 1
    total = sum(cpu.values())
    print(f"{'core-s':>8} {'share':>6} {'procs':>6}  kind")
    for k, v in cpu.most_common():
        if v >= 1:
            print(f"{v:8.1f} {100 * v / total:5.1f}% {count[k]:6d}  {k}")
    print(f"{total:8.1f} 100.0% {sum(count.values()):6d}  in all")


if __name__ == "__main__":
    if sys.argv[1] == "--sample":
        sample(sys.argv[2])
    else:
        report(sys.argv[1], sys.argv[2])
