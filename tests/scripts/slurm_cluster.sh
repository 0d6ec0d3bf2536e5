# shellcheck shell=bash
# A throwaway single-node Slurm cluster for tests (Slurm 22.05, munge), no
# systemd, no cgroups, no accounting, as root or as an ordinary user.
# Sourced, never run:
#
#   source tests/scripts/slurm_cluster.sh
#   cluster_start DIR || echo "$cluster_error"   # sets cluster_conf
#   SLURM_CONF=$cluster_conf sbatch ...
#   cluster_job_state JOB                          # e.g. COMPLETED
#   cluster_stop || echo "$cluster_error"          # false if anything is left
#
# Everything lives in DIR: munge key (0600) and socket (its folder 0755,
# every folder above it searchable by all, as munged demands), slurm.conf
# (SlurmUser is the current user), state and spool folders, logs. The
# daemons run in the foreground as children of the calling shell, so they
# are known by PID, each under `timeout $cluster_lifetime` (300 s: a
# watchdog, should the caller be killed before it stops them). Their
# ports are free ones from $$ on, below the ephemeral range, so that
# concurrent clusters do not meet. Client commands are wrapped in timeout:
# they block ~9 s when the controller is down. The scheduler's full pass
# runs every second (sched_interval=1, not 60): jobs start ~4 s sooner.
# The node has 4 CPUs whatever the machine (config_overrides), so that 4
# one-CPU shards run at once. cluster_stop cancels every job and waits for
# an empty queue before it stops the daemons (else a slurmstepd outlives
# them), then checks that no process with this SLURM_CONF in its
# environment is left (the daemons, slurmstepd and the jobs' processes all
# have it).

cluster_pids=()  # munged, slurmctld, slurmd (each its timeout's PID)
cluster_lifetime=${cluster_lifetime:-300}
cluster_names=()
cluster_error=""

# True while PID runs (a child that ended is a zombie until waited for).
cluster_alive() {
  local stat
  stat=$(cat "/proc/$1/stat" 2> /dev/null) || return 1
  stat=${stat##*) }
  [[ "${stat%% *}" != Z ]]
}

# Waits up to SECONDS for CONDITION (a command) while the daemons live.
cluster_wait() {  # SECONDS WHAT CONDITION...
  local end=$((SECONDS + $1)) what=$2 i name
  shift 2
  until "$@"; do
    for i in "${!cluster_pids[@]}"; do
      cluster_alive "${cluster_pids[i]}" && continue
      name=${cluster_names[i]}
      cluster_error="$what: $name ended: $(tail -n 1 "$cluster_dir/$name.out")"
      return 1
    done
    ((SECONDS < end)) || { cluster_error="$what: not within ${1}s; logs in $cluster_dir"; return 1; }
    sleep 0.1
  done
}

# True when a TCP socket of this machine holds PORT, in any state.
cluster_port_used() {
  awk -v port="$(printf '%04X' "$1")" '$2 ~ ":" port "$" { found = 1 } END { exit !found }' \
    /proc/net/tcp /proc/net/tcp6 2> /dev/null
}

# Two free consecutive ports from one that depends on $$, below the
# kernel's ephemeral ports (ip_local_port_range: 32768 and up by default),
# which outgoing connections take.
cluster_ports() {
  local low=10000 high=32000 port try
  port=$((low + ($$ * 2) % (high - low)))
  for try in {1..200}; do
    if ! cluster_port_used "$port" && ! cluster_port_used $((port + 1)); then
      echo "$port"
      return 0
    fi
    port=$((port + 2 > high ? low : port + 2))
  done
  return 1
}

cluster_write_conf() {  # PORT
  local d=$cluster_dir
  cat > "$cluster_conf" << EOF
ClusterName=wltest
SlurmctldHost=$cluster_node(127.0.0.1)
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
SlurmctldPort=$1
SlurmdPort=$(($1 + 1))
AuthType=auth/munge
AuthInfo=socket=$d/munge/socket
CredType=cred/munge
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
NodeName=$cluster_node NodeAddr=127.0.0.1 CPUs=4 State=UNKNOWN
PartitionName=test Nodes=$cluster_node Default=YES MaxTime=INFINITE State=UP
EOF
}

cluster_munge_up() { [[ -S "$cluster_dir/munge/socket" ]]; }
cluster_node_idle() {
  [[ $(SLURM_CONF=$cluster_conf timeout 10 sinfo -h -n "$cluster_node" -o %T 2> /dev/null) == idle ]]
}

cluster_start() {  # DIR
  cluster_dir=$1 cluster_conf=$1/slurm.conf cluster_node=$(uname -n)
  cluster_node=${cluster_node%%.*}  # slurmctld checks its short name
  local start=$SECONDS port d=$1
  mkdir -p "$d/state" "$d/spool" && chmod 0755 "$d" || return 1
  mkdir -m 0755 "$d/munge" && mkdir -m 0700 "$d/key" || return 1
  mungekey --create --keyfile="$d/key/munge.key" || { cluster_error="mungekey failed"; return 1; }
  SLURM_CONF=$cluster_conf timeout "$cluster_lifetime" /usr/sbin/munged --foreground --key-file="$d/key/munge.key" --socket="$d/munge/socket" \
    --pid-file="$d/munge/pid" --log-file="$d/munge.log" --seed-file="$d/munge/seed" \
    > "$d/munged.out" 2>&1 &
  cluster_pids+=($!) cluster_names+=(munged)
  cluster_wait 10 "munged" cluster_munge_up || return 1
  port=$(cluster_ports) || { cluster_error="no free ports"; return 1; }
  cluster_write_conf "$port"
  SLURM_CONF=$cluster_conf timeout "$cluster_lifetime" /usr/sbin/slurmctld -D -i > "$d/slurmctld.out" 2>&1 &
  cluster_pids+=($!) cluster_names+=(slurmctld)
  SLURM_CONF=$cluster_conf timeout "$cluster_lifetime" /usr/sbin/slurmd -D -N "$cluster_node" > "$d/slurmd.out" 2>&1 &
  cluster_pids+=($!) cluster_names+=(slurmd)
  cluster_wait 30 "the node to be idle" cluster_node_idle || return 1
  cluster_start_seconds=$((SECONDS - start))
}

cluster_job_state() {
  SLURM_CONF=$cluster_conf timeout 10 scontrol -o show job "$1" 2> /dev/null |
    sed -n 's/.* JobState=\([A-Z_]*\) .*/\1/p'
}

cluster_queue_empty() {
  local queue
  queue=$(SLURM_CONF=$cluster_conf timeout 10 squeue -h -o %i 2> /dev/null) && [[ -z "$queue" ]]
}

# PIDs of processes with this cluster's SLURM_CONF in their environment.
cluster_leftovers() {
  local files=(/proc/[0-9]*/environ)  # listed before grep and sed start
  grep -lzx "SLURM_CONF=$cluster_conf" "${files[@]}" 2> /dev/null |
    sed 's#/proc/\([0-9]*\)/environ#\1#' | grep -vx "$$" || true
}

# Stops the daemons in reverse order of start: TERM, then KILL after 10 s.
cluster_stop_daemons() {
  local i pid end
  for ((i = ${#cluster_pids[@]} - 1; i >= 0; i--)); do
    pid=${cluster_pids[i]}
    kill -TERM "$pid" 2> /dev/null || true
    end=$((SECONDS + 10))
    while cluster_alive "$pid" && ((SECONDS < end)); do sleep 0.1; done
    kill -KILL "$pid" 2> /dev/null || true
    wait "$pid" 2> /dev/null || true
  done
  cluster_pids=() cluster_names=()
}

cluster_stop() {
  ((${#cluster_pids[@]})) || return 0
  cluster_error=""
  if cluster_alive "${cluster_pids[1]:-0}"; then
    SLURM_CONF=$cluster_conf timeout 10 scancel --user="$(id -un)" 2> /dev/null || true
    cluster_wait 30 "an empty queue" cluster_queue_empty || true
  fi
  cluster_stop_daemons
  local left
  left=$(cluster_leftovers)
  if [[ -n "$left" ]]; then
    cluster_error="left running after the cluster stopped: $(tr '\n' ' ' <<< "$left")(killed)"
    kill -KILL $left 2> /dev/null || true
    return 1
  fi
}
