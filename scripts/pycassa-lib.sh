# pycassa 1.11.2 under Debian's jython (sourced, not run): `jython_run ARGS` runs jython with
# bouncycastle on the class path; `install_pycassa` puts pycassa, thrift and six into
# clients/pycassa/.site and `install_nose` nose into clients/pycassa/.nose (both idempotent;
# PyPI only, through a Python 2 pip that jython runs). Used by scripts/old-clients.sh and
# scripts/pycassa-suite.sh; scripts/env.sh must be sourced first.
PYCASSA_DIR=$ROOT/clients/pycassa
SITE=$PYCASSA_DIR/.site
BOOT=$PYCASSA_DIR/.boot
NOSE_SITE=$PYCASSA_DIR/.nose

PYCASSA_VERSION=1.11.2
THRIFT_VERSION=0.13.0
SIX_VERSION=1.16.0
PIP2_VERSION=20.3.4
SETUPTOOLS2_VERSION=44.1.1

# jython with bouncycastle on the class path (Debian's /usr/bin/jython runs
# `java -jar`, which ignores CLASSPATH; jython's ssl module imports bouncycastle).
# `jython_command` prints it as one line, for a caller that runs it itself (with JYTHONPATH set).
jython_command() {
    echo "java -Xss4m -cp /usr/share/java/jython.jar:/usr/share/java/bcprov.jar:/usr/share/java/bcpkix.jar:/usr/share/java/bcutil.jar" \
        "-Dpython.home=/usr/share/jython -Dpython.console= org.python.util.jython"
}
jython_run() {
    # shellcheck disable=SC2046 # the command's words
    JYTHONPATH=${JYTHONPATH:-} $(jython_command) "$@"
}

install_pycassa() {
    if [ -f "$SITE/.installed-$PYCASSA_VERSION-$THRIFT_VERSION-$SIX_VERSION" ]; then
        return
    fi
    echo "installing pycassa $PYCASSA_VERSION, thrift $THRIFT_VERSION, six $SIX_VERSION for jython"
    rm -rf "$BOOT" "$SITE"
    mkdir -p "$BOOT" "$SITE"
    # A pip that runs on Python 2 (jython 2.7); the wheels are pure Python.
    "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: \
        --python-version 2.7 --platform any -d "$BOOT/wheels" \
        "pip==$PIP2_VERSION" "setuptools==$SETUPTOOLS2_VERSION"
    # Unpacked, not zipped: pycassa's setup.py (ez_setup) looks for setuptools
    # with pkg_resources and would try to download 0.9.6 from a dead URL otherwise.
    for whl in "$BOOT"/wheels/*.whl; do
        "$PYTHON" -m zipfile -e "$whl" "$BOOT/lib"
    done
    # jython's own pip builds the sdists (their setup.py is Python 2); pycassa has no wheel.
    JYTHONPATH=$BOOT/lib jython_run -m pip install --quiet --disable-pip-version-check \
        --no-compile --no-deps --target "$SITE" \
        "pycassa==$PYCASSA_VERSION" "thrift==$THRIFT_VERSION" "six==$SIX_VERSION" \
        2> >(grep -v -e 'DEPRECATION: pip 21.0' -e 'ssl module in Python is not available' >&2)
    touch "$SITE/.installed-$PYCASSA_VERSION-$THRIFT_VERSION-$SIX_VERSION"
}

NOSE_VERSION=1.3.7

# nose, the runner of pycassa's own test suite (scripts/pycassa-suite.sh).
install_nose() {
    install_pycassa
    if [ -f "$NOSE_SITE/.installed-$NOSE_VERSION" ]; then
        return
    fi
    echo "installing nose $NOSE_VERSION for jython"
    rm -rf "$NOSE_SITE"
    JYTHONPATH=$BOOT/lib jython_run -m pip install --quiet --disable-pip-version-check \
        --no-compile --no-deps --target "$NOSE_SITE" "nose==$NOSE_VERSION" \
        2> >(grep -v -e 'DEPRECATION: pip 21.0' -e 'ssl module in Python is not available' >&2)
    touch "$NOSE_SITE/.installed-$NOSE_VERSION"
}
