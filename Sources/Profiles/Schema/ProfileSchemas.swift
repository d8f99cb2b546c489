/// The schemas of the two profile forms, embedded so the binary needs no
/// resource bundle. The published copies are `Profiles/schema/camprobe-profile.xsd`
/// and `Profiles/schema/camprobe-profile.schema.json`; a test keeps them
/// byte-for-byte equal to these strings (edit the files, then paste them here).
public enum ProfileSchemas {
    /// XML Schema 1.0 for `XMLProfile` documents (namespace
    /// `https://camprobe.dev/schema/profile/1`), as libxml2's
    /// `xmlSchemaNewMemParserCtxt` / `xmlSchemaParse` read it.
    public static let xsd: String = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!--
  camprobe device profile, XML form, schemaVersion 1.

  The same model as the JSON that `camprobe show` writes in JSON mode
  (camprobe-profile.schema.json): attributes for scalars, elements for lists,
  exact frame intervals as fractions ("1001/30000", seconds per frame), flag
  sets as space-separated names ("video-capture streaming"; unnamed bits as
  "0x…"). A list element that is absent means an empty list, except
  <controls>: absent means the controls were not read.
-->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
           xmlns:p="https://camprobe.dev/schema/profile/1"
           targetNamespace="https://camprobe.dev/schema/profile/1"
           elementFormDefault="qualified"
           attributeFormDefault="unqualified">

  <xs:element name="cameraProfile">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="device" type="p:Device"/>
      </xs:sequence>
      <xs:attribute name="schemaVersion" type="xs:int" use="required" fixed="1"/>
      <xs:attribute name="generator" type="xs:string" use="required"/>
    </xs:complexType>
  </xs:element>

  <!-- Scalars -->

  <xs:simpleType name="Rational">
    <xs:restriction base="xs:string">
      <xs:pattern value="[0-9]+/[0-9]+"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="FourCC">
    <xs:restriction base="xs:string">
      <xs:pattern value="[ -~]{1,4}(-BE)?"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="BufferType">
    <xs:restriction base="xs:string">
      <xs:enumeration value="videoCapture"/>
      <xs:enumeration value="videoCaptureMultiplanar"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="UnsignedIntList">
    <xs:list itemType="xs:unsignedInt"/>
  </xs:simpleType>

  <xs:simpleType name="UnnamedBit">
    <xs:restriction base="xs:token">
      <xs:pattern value="0x[0-9a-f]+"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="CapabilityFlagName">
    <xs:union memberTypes="p:UnnamedBit">
      <xs:simpleType>
        <xs:restriction base="xs:token">
          <xs:enumeration value="video-capture"/>
          <xs:enumeration value="video-output"/>
          <xs:enumeration value="video-overlay"/>
          <xs:enumeration value="vbi-capture"/>
          <xs:enumeration value="vbi-output"/>
          <xs:enumeration value="sliced-vbi-capture"/>
          <xs:enumeration value="sliced-vbi-output"/>
          <xs:enumeration value="rds-capture"/>
          <xs:enumeration value="video-output-overlay"/>
          <xs:enumeration value="hw-freq-seek"/>
          <xs:enumeration value="rds-output"/>
          <xs:enumeration value="video-capture-mplane"/>
          <xs:enumeration value="video-output-mplane"/>
          <xs:enumeration value="video-m2m-mplane"/>
          <xs:enumeration value="video-m2m"/>
          <xs:enumeration value="tuner"/>
          <xs:enumeration value="audio"/>
          <xs:enumeration value="radio"/>
          <xs:enumeration value="modulator"/>
          <xs:enumeration value="sdr-capture"/>
          <xs:enumeration value="ext-pix-format"/>
          <xs:enumeration value="sdr-output"/>
          <xs:enumeration value="meta-capture"/>
          <xs:enumeration value="read-write"/>
          <xs:enumeration value="streaming"/>
          <xs:enumeration value="meta-output"/>
          <xs:enumeration value="touch"/>
          <xs:enumeration value="io-mc"/>
          <xs:enumeration value="device-caps"/>
        </xs:restriction>
      </xs:simpleType>
    </xs:union>
  </xs:simpleType>

  <xs:simpleType name="CapabilityFlags">
    <xs:list itemType="p:CapabilityFlagName"/>
  </xs:simpleType>

  <xs:simpleType name="FormatFlagName">
    <xs:union memberTypes="p:UnnamedBit">
      <xs:simpleType>
        <xs:restriction base="xs:token">
          <xs:enumeration value="compressed"/>
          <xs:enumeration value="emulated"/>
          <xs:enumeration value="continuous-bytestream"/>
          <xs:enumeration value="dyn-resolution"/>
          <xs:enumeration value="enc-cap-frame-interval"/>
          <xs:enumeration value="csc-colorspace"/>
          <xs:enumeration value="csc-xfer-func"/>
          <xs:enumeration value="csc-ycbcr-enc"/>
          <xs:enumeration value="csc-quantization"/>
        </xs:restriction>
      </xs:simpleType>
    </xs:union>
  </xs:simpleType>

  <xs:simpleType name="FormatFlags">
    <xs:list itemType="p:FormatFlagName"/>
  </xs:simpleType>

  <xs:simpleType name="ControlFlagName">
    <xs:union memberTypes="p:UnnamedBit">
      <xs:simpleType>
        <xs:restriction base="xs:token">
          <xs:enumeration value="disabled"/>
          <xs:enumeration value="grabbed"/>
          <xs:enumeration value="read-only"/>
          <xs:enumeration value="update"/>
          <xs:enumeration value="inactive"/>
          <xs:enumeration value="slider"/>
          <xs:enumeration value="write-only"/>
          <xs:enumeration value="volatile"/>
          <xs:enumeration value="has-payload"/>
          <xs:enumeration value="execute-on-write"/>
          <xs:enumeration value="modify-layout"/>
          <xs:enumeration value="dynamic-array"/>
        </xs:restriction>
      </xs:simpleType>
    </xs:union>
  </xs:simpleType>

  <xs:simpleType name="ControlFlags">
    <xs:list itemType="p:ControlFlagName"/>
  </xs:simpleType>

  <!-- Device -->

  <xs:complexType name="Device">
    <xs:sequence>
      <xs:element name="transport" type="p:Transport"/>
      <xs:element name="identity" type="p:DeviceIdentity"/>
      <xs:element name="nodes" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="node" type="p:DeviceNode" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="captures" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="capture" type="p:Capture" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="audio" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="card" type="p:AudioCard" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="problems" type="p:Problems" minOccurs="0"/>
    </xs:sequence>
    <xs:attribute name="id" type="xs:string" use="required"/>
    <xs:attribute name="name" type="xs:string" use="required"/>
    <xs:attribute name="modelID" type="xs:string"/>
  </xs:complexType>

  <xs:complexType name="Transport">
    <xs:attribute name="kind" type="xs:string" use="required"/>
    <xs:attribute name="label" type="xs:string" use="required"/>
    <xs:attribute name="speedMbps" type="xs:double"/>
  </xs:complexType>

  <xs:complexType name="DeviceIdentity">
    <xs:sequence>
      <xs:element name="byID" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
      <xs:element name="byPath" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
    </xs:sequence>
    <xs:attribute name="busInfo" type="xs:string" use="required"/>
    <xs:attribute name="driver" type="xs:string" use="required"/>
    <xs:attribute name="vendorID" type="xs:string"/>
    <xs:attribute name="productID" type="xs:string"/>
    <xs:attribute name="serial" type="xs:string"/>
    <xs:attribute name="manufacturer" type="xs:string"/>
    <xs:attribute name="product" type="xs:string"/>
    <xs:attribute name="portPath" type="xs:string"/>
    <xs:attribute name="udevIDPath" type="xs:string"/>
    <xs:attribute name="physicalPath" type="xs:string"/>
  </xs:complexType>

  <xs:complexType name="DeviceNode">
    <xs:attribute name="role" type="xs:string" use="required"/>
    <xs:attribute name="path" type="xs:string" use="required"/>
    <xs:attribute name="deviceCaps" type="p:CapabilityFlags"/>
  </xs:complexType>

  <xs:complexType name="Problems">
    <xs:sequence>
      <xs:element name="problem" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType>
          <xs:simpleContent>
            <xs:extension base="xs:string">
              <xs:attribute name="kind" type="xs:string" use="required"/>
              <xs:attribute name="call" type="xs:string"/>
              <xs:attribute name="errno" type="xs:int"/>
              <xs:attribute name="errnoName" type="xs:string"/>
            </xs:extension>
          </xs:simpleContent>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <!-- Capture node -->

  <xs:complexType name="Capture">
    <xs:sequence>
      <xs:element name="identity" type="p:NodeIdentity"/>
      <xs:element name="inputs" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="input" type="p:VideoInput" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="formats" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="format" type="p:PixelFormat" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="controls" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="control" type="p:Control" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="activeFormat" type="p:ActiveFormat" minOccurs="0"/>
      <xs:element name="streamingParameters" type="p:StreamingParameters" minOccurs="0"/>
      <xs:element name="semantics" type="p:Semantics" minOccurs="0"/>
      <xs:element name="problems" type="p:Problems" minOccurs="0"/>
    </xs:sequence>
    <xs:attribute name="path" type="xs:string" use="required"/>
    <xs:attribute name="throughLibV4L2" type="xs:boolean" use="required"/>
    <xs:attribute name="currentInput" type="xs:unsignedInt"/>
  </xs:complexType>

  <!-- Focus, exposure, white balance, torch, flash, zoom, pan, tilt, mirroring,
       flips, power-line frequency, stabilization, WDR, backlight, position:
       derived from the controls (camprobe recomputes it on load); each object is
       an element with scalar attributes, lists are repeated <item> elements. -->
  <xs:complexType name="Semantics">
    <xs:sequence>
      <xs:any namespace="##targetNamespace" processContents="skip" minOccurs="0" maxOccurs="unbounded"/>
    </xs:sequence>
    <xs:anyAttribute processContents="skip"/>
  </xs:complexType>

  <xs:complexType name="NodeIdentity">
    <xs:attribute name="driver" type="xs:string" use="required"/>
    <xs:attribute name="card" type="xs:string" use="required"/>
    <xs:attribute name="busInfo" type="xs:string" use="required"/>
    <xs:attribute name="version" type="xs:string" use="required"/>
    <xs:attribute name="capabilities" type="p:CapabilityFlags" use="required"/>
    <xs:attribute name="deviceCaps" type="p:CapabilityFlags" use="required"/>
  </xs:complexType>

  <xs:complexType name="VideoInput">
    <xs:attribute name="index" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="name" type="xs:string" use="required"/>
    <xs:attribute name="type" type="xs:string" use="required"/>
    <xs:attribute name="status" type="xs:unsignedInt" use="required"/>
  </xs:complexType>

  <!-- Formats, sizes, intervals -->

  <xs:complexType name="PixelFormat">
    <xs:choice minOccurs="0" maxOccurs="unbounded">
      <xs:element name="discreteSize" type="p:DiscreteSize"/>
      <xs:element name="stepwiseSize" type="p:StepwiseSize"/>
      <xs:element name="continuousSize" type="p:ContinuousSize"/>
    </xs:choice>
    <xs:attribute name="index" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="fourcc" type="p:FourCC" use="required"/>
    <xs:attribute name="description" type="xs:string" use="required"/>
    <xs:attribute name="bufferType" type="p:BufferType" use="required"/>
    <xs:attribute name="flags" type="p:FormatFlags" use="required"/>
  </xs:complexType>

  <xs:complexType name="Dimensions">
    <xs:attribute name="width" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="height" type="xs:unsignedInt" use="required"/>
  </xs:complexType>

  <xs:complexType name="DiscreteSize">
    <xs:group ref="p:FrameIntervals"/>
    <xs:attribute name="width" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="height" type="xs:unsignedInt" use="required"/>
  </xs:complexType>

  <xs:complexType name="StepwiseSize">
    <xs:sequence>
      <xs:element name="min" type="p:Dimensions"/>
      <xs:element name="max" type="p:Dimensions"/>
      <xs:element name="step" type="p:Dimensions"/>
      <xs:element name="intervalsAtMin" type="p:IntervalsHolder"/>
      <xs:element name="intervalsAtMax" type="p:IntervalsHolder"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="ContinuousSize">
    <xs:sequence>
      <xs:element name="min" type="p:Dimensions"/>
      <xs:element name="max" type="p:Dimensions"/>
      <xs:element name="intervalsAtMin" type="p:IntervalsHolder"/>
      <xs:element name="intervalsAtMax" type="p:IntervalsHolder"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="IntervalsHolder">
    <xs:group ref="p:FrameIntervals"/>
  </xs:complexType>

  <xs:group name="FrameIntervals">
    <xs:choice>
      <xs:element name="discreteIntervals">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="interval" type="p:Rational" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="stepwiseIntervals">
        <xs:complexType>
          <xs:attribute name="min" type="p:Rational" use="required"/>
          <xs:attribute name="max" type="p:Rational" use="required"/>
          <xs:attribute name="step" type="p:Rational" use="required"/>
        </xs:complexType>
      </xs:element>
      <xs:element name="continuousIntervals">
        <xs:complexType>
          <xs:attribute name="min" type="p:Rational" use="required"/>
          <xs:attribute name="max" type="p:Rational" use="required"/>
        </xs:complexType>
      </xs:element>
      <xs:element name="unknownIntervals">
        <xs:complexType>
          <xs:attribute name="reason" type="xs:string"/>
        </xs:complexType>
      </xs:element>
    </xs:choice>
  </xs:group>

  <!-- Controls -->

  <xs:complexType name="Control">
    <xs:sequence>
      <xs:choice minOccurs="0">
        <xs:element name="integerValue" type="xs:long"/>
        <xs:element name="stringValue" type="xs:string"/>
      </xs:choice>
      <xs:element name="menuItem" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType>
          <xs:attribute name="index" type="xs:long" use="required"/>
          <xs:attribute name="name" type="xs:string"/>
          <xs:attribute name="value" type="xs:long"/>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
    <xs:attribute name="id" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="name" type="xs:string" use="required"/>
    <xs:attribute name="key" type="xs:string" use="required"/>
    <xs:attribute name="type" type="xs:string" use="required"/>
    <xs:attribute name="typeCode" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="controlClass" type="xs:string" use="required"/>
    <xs:attribute name="minimum" type="xs:long" use="required"/>
    <xs:attribute name="maximum" type="xs:long" use="required"/>
    <xs:attribute name="step" type="xs:unsignedLong" use="required"/>
    <xs:attribute name="defaultValue" type="xs:long" use="required"/>
    <xs:attribute name="flags" type="p:ControlFlags" use="required"/>
    <xs:attribute name="elementSize" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="elements" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="dimensions" type="p:UnsignedIntList" use="required"/>
  </xs:complexType>

  <!-- Current state -->

  <xs:complexType name="ActiveFormat">
    <xs:sequence>
      <xs:element name="plane" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType>
          <xs:attribute name="bytesPerLine" type="xs:unsignedInt" use="required"/>
          <xs:attribute name="sizeImage" type="xs:unsignedInt" use="required"/>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
    <xs:attribute name="bufferType" type="p:BufferType" use="required"/>
    <xs:attribute name="fourcc" type="p:FourCC" use="required"/>
    <xs:attribute name="width" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="height" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="field" type="xs:string" use="required"/>
    <xs:attribute name="bytesPerLine" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="sizeImage" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="colorspace" type="xs:string" use="required"/>
    <xs:attribute name="quantization" type="xs:string" use="required"/>
  </xs:complexType>

  <xs:complexType name="StreamingParameters">
    <xs:attribute name="supportsFrameInterval" type="xs:boolean" use="required"/>
    <xs:attribute name="frameInterval" type="p:Rational"/>
  </xs:complexType>

  <!-- Audio -->

  <xs:complexType name="AudioCard">
    <xs:sequence>
      <xs:element name="pcm" type="p:AudioPCM" minOccurs="0" maxOccurs="unbounded"/>
      <xs:element name="problems" type="p:Problems" minOccurs="0"/>
    </xs:sequence>
    <xs:attribute name="card" type="xs:int" use="required"/>
    <xs:attribute name="cardID" type="xs:string" use="required"/>
    <xs:attribute name="name" type="xs:string" use="required"/>
    <xs:attribute name="longName" type="xs:string" use="required"/>
    <xs:attribute name="driver" type="xs:string" use="required"/>
    <xs:attribute name="controlPath" type="xs:string" use="required"/>
  </xs:complexType>

  <xs:complexType name="AudioPCM">
    <xs:sequence>
      <xs:element name="sampleFormat" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
      <xs:element name="problems" type="p:Problems" minOccurs="0"/>
    </xs:sequence>
    <xs:attribute name="device" type="xs:int" use="required"/>
    <xs:attribute name="alsaName" type="xs:string" use="required"/>
    <xs:attribute name="name" type="xs:string" use="required"/>
    <xs:attribute name="subdevices" type="xs:unsignedInt" use="required"/>
    <xs:attribute name="minChannels" type="xs:unsignedInt"/>
    <xs:attribute name="maxChannels" type="xs:unsignedInt"/>
    <xs:attribute name="minRate" type="xs:unsignedInt"/>
    <xs:attribute name="maxRate" type="xs:unsignedInt"/>
    <xs:attribute name="rates" type="p:UnsignedIntList"/>
  </xs:complexType>
</xs:schema>

"""#

    /// JSON Schema (draft 2020-12) for `JSONProfile` documents, the output of
    /// `camprobe show --json`. `JSONSchemaValidator` implements the keywords it uses.
    public static let jsonSchema: String = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://camprobe.dev/schema/profile/1/camprobe-profile.schema.json",
  "title": "camprobe device profile (schemaVersion 1)",
  "description": "The document `camprobe show --json` writes: one physical capture device, its nodes, formats, sizes, exact frame intervals, controls, current state, linked audio cards and the problems met while reading it. The XML form is described by camprobe-profile.xsd.",
  "type": "object",
  "required": [
    "schemaVersion",
    "generator",
    "device"
  ],
  "additionalProperties": false,
  "properties": {
    "schemaVersion": {
      "const": 1
    },
    "generator": {
      "type": "string"
    },
    "device": {
      "$ref": "#/$defs/device"
    }
  },
  "$defs": {
    "uint32": {
      "type": "integer",
      "minimum": 0,
      "maximum": 4294967295
    },
    "int32": {
      "type": "integer",
      "minimum": -2147483648,
      "maximum": 2147483647
    },
    "uint64": {
      "type": "integer",
      "minimum": 0,
      "maximum": 18446744073709551615
    },
    "int64": {
      "type": "integer",
      "minimum": -9223372036854775808,
      "maximum": 9223372036854775807
    },
    "rational": {
      "description": "An exact fraction, numerator/denominator, never reduced: \"1001/30000\".",
      "type": "string",
      "pattern": "^[0-9]+/[0-9]+$"
    },
    "fourcc": {
      "description": "Four printable ASCII characters, trailing spaces kept (\"Y10 \"); \"-BE\" marks a big-endian variant.",
      "type": "string",
      "pattern": "^[ -~]{1,4}(-BE)?$"
    },
    "unnamedBit": {
      "description": "A flag bit without a name.",
      "type": "string",
      "pattern": "^0x[0-9a-f]+$"
    },
    "capabilityFlags": {
      "description": "V4L2_CAP_* bits by name.",
      "type": "array",
      "items": {
        "anyOf": [
          {
            "enum": [
              "video-capture",
              "video-output",
              "video-overlay",
              "vbi-capture",
              "vbi-output",
              "sliced-vbi-capture",
              "sliced-vbi-output",
              "rds-capture",
              "video-output-overlay",
              "hw-freq-seek",
              "rds-output",
              "video-capture-mplane",
              "video-output-mplane",
              "video-m2m-mplane",
              "video-m2m",
              "tuner",
              "audio",
              "radio",
              "modulator",
              "sdr-capture",
              "ext-pix-format",
              "sdr-output",
              "meta-capture",
              "read-write",
              "streaming",
              "meta-output",
              "touch",
              "io-mc",
              "device-caps"
            ]
          },
          {
            "$ref": "#/$defs/unnamedBit"
          }
        ]
      }
    },
    "formatFlags": {
      "description": "V4L2_FMT_FLAG_* bits by name.",
      "type": "array",
      "items": {
        "anyOf": [
          {
            "enum": [
              "compressed",
              "emulated",
              "continuous-bytestream",
              "dyn-resolution",
              "enc-cap-frame-interval",
              "csc-colorspace",
              "csc-xfer-func",
              "csc-ycbcr-enc",
              "csc-quantization"
            ]
          },
          {
            "$ref": "#/$defs/unnamedBit"
          }
        ]
      }
    },
    "controlFlags": {
      "description": "V4L2_CTRL_FLAG_* bits by name.",
      "type": "array",
      "items": {
        "anyOf": [
          {
            "enum": [
              "disabled",
              "grabbed",
              "read-only",
              "update",
              "inactive",
              "slider",
              "write-only",
              "volatile",
              "has-payload",
              "execute-on-write",
              "modify-layout",
              "dynamic-array"
            ]
          },
          {
            "$ref": "#/$defs/unnamedBit"
          }
        ]
      }
    },
    "bufferType": {
      "enum": [
        "videoCapture",
        "videoCaptureMultiplanar"
      ]
    },
    "problem": {
      "type": "object",
      "required": [
        "kind",
        "message"
      ],
      "additionalProperties": false,
      "properties": {
        "kind": {
          "type": "string"
        },
        "call": {
          "type": "string"
        },
        "errno": {
          "$ref": "#/$defs/int32"
        },
        "errnoName": {
          "type": "string"
        },
        "message": {
          "type": "string"
        }
      }
    },
    "problems": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/problem"
      }
    },
    "transport": {
      "type": "object",
      "required": [
        "kind",
        "label"
      ],
      "additionalProperties": false,
      "properties": {
        "kind": {
          "type": "string"
        },
        "label": {
          "type": "string"
        },
        "speedMbps": {
          "type": "number"
        }
      }
    },
    "deviceIdentity": {
      "type": "object",
      "required": [
        "busInfo",
        "driver",
        "byID",
        "byPath"
      ],
      "additionalProperties": false,
      "properties": {
        "vendorID": {
          "type": "string"
        },
        "productID": {
          "type": "string"
        },
        "serial": {
          "type": "string"
        },
        "manufacturer": {
          "type": "string"
        },
        "product": {
          "type": "string"
        },
        "portPath": {
          "type": "string"
        },
        "udevIDPath": {
          "type": "string"
        },
        "busInfo": {
          "type": "string"
        },
        "driver": {
          "type": "string"
        },
        "physicalPath": {
          "type": "string"
        },
        "byID": {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "byPath": {
          "type": "array",
          "items": {
            "type": "string"
          }
        }
      }
    },
    "deviceNode": {
      "type": "object",
      "required": [
        "role",
        "path"
      ],
      "additionalProperties": false,
      "properties": {
        "role": {
          "type": "string"
        },
        "path": {
          "type": "string"
        },
        "deviceCaps": {
          "$ref": "#/$defs/capabilityFlags"
        }
      }
    },
    "nodeIdentity": {
      "type": "object",
      "required": [
        "driver",
        "card",
        "busInfo",
        "version",
        "capabilities",
        "deviceCaps"
      ],
      "additionalProperties": false,
      "properties": {
        "driver": {
          "type": "string"
        },
        "card": {
          "type": "string"
        },
        "busInfo": {
          "type": "string"
        },
        "version": {
          "type": "string"
        },
        "capabilities": {
          "$ref": "#/$defs/capabilityFlags"
        },
        "deviceCaps": {
          "$ref": "#/$defs/capabilityFlags"
        }
      }
    },
    "videoInput": {
      "type": "object",
      "required": [
        "index",
        "name",
        "type",
        "status"
      ],
      "additionalProperties": false,
      "properties": {
        "index": {
          "$ref": "#/$defs/uint32"
        },
        "name": {
          "type": "string"
        },
        "type": {
          "type": "string"
        },
        "status": {
          "$ref": "#/$defs/uint32"
        }
      }
    },
    "frameDuration": {
      "description": "A frame interval in seconds per frame; seconds and fps are absent when the fraction has a zero term.",
      "type": "object",
      "required": [
        "interval"
      ],
      "additionalProperties": false,
      "properties": {
        "interval": {
          "$ref": "#/$defs/rational"
        },
        "seconds": {
          "type": "number"
        },
        "fps": {
          "type": "number"
        }
      }
    },
    "frameIntervals": {
      "description": "VIDIOC_ENUM_FRAMEINTERVALS for one size, discriminated by type.",
      "oneOf": [
        {
          "type": "object",
          "required": [
            "type",
            "intervals"
          ],
          "additionalProperties": false,
          "properties": {
            "type": {
              "const": "discrete"
            },
            "intervals": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/frameDuration"
              }
            }
          }
        },
        {
          "type": "object",
          "required": [
            "type",
            "min",
            "max",
            "step"
          ],
          "additionalProperties": false,
          "properties": {
            "type": {
              "const": "stepwise"
            },
            "min": {
              "$ref": "#/$defs/frameDuration"
            },
            "max": {
              "$ref": "#/$defs/frameDuration"
            },
            "step": {
              "$ref": "#/$defs/frameDuration"
            }
          }
        },
        {
          "type": "object",
          "required": [
            "type",
            "min",
            "max"
          ],
          "additionalProperties": false,
          "properties": {
            "type": {
              "const": "continuous"
            },
            "min": {
              "$ref": "#/$defs/frameDuration"
            },
            "max": {
              "$ref": "#/$defs/frameDuration"
            }
          }
        },
        {
          "type": "object",
          "required": [
            "type"
          ],
          "additionalProperties": false,
          "properties": {
            "type": {
              "const": "unknown"
            },
            "reason": {
              "type": "string"
            }
          }
        }
      ]
    },
    "dimensions": {
      "type": "object",
      "required": [
        "width",
        "height"
      ],
      "additionalProperties": false,
      "properties": {
        "width": {
          "$ref": "#/$defs/uint32"
        },
        "height": {
          "$ref": "#/$defs/uint32"
        }
      }
    },
    "frameSize": {
      "description": "VIDIOC_ENUM_FRAMESIZES entry, discriminated by type.",
      "oneOf": [
        {
          "type": "object",
          "required": [
            "type",
            "width",
            "height",
            "intervals"
          ],
          "additionalProperties": false,
          "properties": {
            "type": {
              "const": "discrete"
            },
            "width": {
              "$ref": "#/$defs/uint32"
            },
            "height": {
              "$ref": "#/$defs/uint32"
            },
            "intervals": {
              "$ref": "#/$defs/frameIntervals"
            }
          }
        },
        {
          "type": "object",
          "required": [
            "type",
            "min",
            "max",
            "step",
            "intervalsAtMin",
            "intervalsAtMax"
          ],
          "additionalProperties": false,
          "properties": {
            "type": {
              "const": "stepwise"
            },
            "min": {
              "$ref": "#/$defs/dimensions"
            },
            "max": {
              "$ref": "#/$defs/dimensions"
            },
            "step": {
              "$ref": "#/$defs/dimensions"
            },
            "intervalsAtMin": {
              "$ref": "#/$defs/frameIntervals"
            },
            "intervalsAtMax": {
              "$ref": "#/$defs/frameIntervals"
            }
          }
        },
        {
          "type": "object",
          "required": [
            "type",
            "min",
            "max",
            "intervalsAtMin",
            "intervalsAtMax"
          ],
          "additionalProperties": false,
          "properties": {
            "type": {
              "const": "continuous"
            },
            "min": {
              "$ref": "#/$defs/dimensions"
            },
            "max": {
              "$ref": "#/$defs/dimensions"
            },
            "intervalsAtMin": {
              "$ref": "#/$defs/frameIntervals"
            },
            "intervalsAtMax": {
              "$ref": "#/$defs/frameIntervals"
            }
          }
        }
      ]
    },
    "pixelFormat": {
      "type": "object",
      "required": [
        "index",
        "fourcc",
        "description",
        "bufferType",
        "flags",
        "compressed",
        "emulated",
        "sizes"
      ],
      "additionalProperties": false,
      "properties": {
        "index": {
          "$ref": "#/$defs/uint32"
        },
        "fourcc": {
          "$ref": "#/$defs/fourcc"
        },
        "description": {
          "type": "string"
        },
        "bufferType": {
          "$ref": "#/$defs/bufferType"
        },
        "flags": {
          "$ref": "#/$defs/formatFlags"
        },
        "compressed": {
          "type": "boolean"
        },
        "emulated": {
          "type": "boolean"
        },
        "sizes": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/frameSize"
          }
        }
      }
    },
    "menuItem": {
      "type": "object",
      "required": [
        "index"
      ],
      "additionalProperties": false,
      "properties": {
        "index": {
          "$ref": "#/$defs/int64"
        },
        "name": {
          "type": "string"
        },
        "value": {
          "$ref": "#/$defs/int64"
        }
      }
    },
    "controlValue": {
      "oneOf": [
        {
          "$ref": "#/$defs/int64"
        },
        {
          "type": "string"
        }
      ]
    },
    "control": {
      "type": "object",
      "required": [
        "id",
        "name",
        "key",
        "type",
        "typeCode",
        "controlClass",
        "minimum",
        "maximum",
        "step",
        "defaultValue",
        "flags",
        "elementSize",
        "elements",
        "dimensions",
        "menu"
      ],
      "additionalProperties": false,
      "properties": {
        "id": {
          "$ref": "#/$defs/uint32"
        },
        "name": {
          "type": "string"
        },
        "key": {
          "type": "string"
        },
        "type": {
          "type": "string"
        },
        "typeCode": {
          "$ref": "#/$defs/uint32"
        },
        "controlClass": {
          "type": "string"
        },
        "minimum": {
          "$ref": "#/$defs/int64"
        },
        "maximum": {
          "$ref": "#/$defs/int64"
        },
        "step": {
          "$ref": "#/$defs/uint64"
        },
        "defaultValue": {
          "$ref": "#/$defs/int64"
        },
        "value": {
          "$ref": "#/$defs/controlValue"
        },
        "flags": {
          "$ref": "#/$defs/controlFlags"
        },
        "elementSize": {
          "$ref": "#/$defs/uint32"
        },
        "elements": {
          "$ref": "#/$defs/uint32"
        },
        "dimensions": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/uint32"
          }
        },
        "menu": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/menuItem"
          }
        }
      }
    },
    "plane": {
      "type": "object",
      "required": [
        "bytesPerLine",
        "sizeImage"
      ],
      "additionalProperties": false,
      "properties": {
        "bytesPerLine": {
          "$ref": "#/$defs/uint32"
        },
        "sizeImage": {
          "$ref": "#/$defs/uint32"
        }
      }
    },
    "activeFormat": {
      "type": "object",
      "required": [
        "bufferType",
        "fourcc",
        "width",
        "height",
        "field",
        "bytesPerLine",
        "sizeImage",
        "colorspace",
        "quantization",
        "planes"
      ],
      "additionalProperties": false,
      "properties": {
        "bufferType": {
          "$ref": "#/$defs/bufferType"
        },
        "fourcc": {
          "$ref": "#/$defs/fourcc"
        },
        "width": {
          "$ref": "#/$defs/uint32"
        },
        "height": {
          "$ref": "#/$defs/uint32"
        },
        "field": {
          "type": "string"
        },
        "bytesPerLine": {
          "$ref": "#/$defs/uint32"
        },
        "sizeImage": {
          "$ref": "#/$defs/uint32"
        },
        "colorspace": {
          "type": "string"
        },
        "quantization": {
          "type": "string"
        },
        "planes": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/plane"
          }
        }
      }
    },
    "streamingParameters": {
      "type": "object",
      "required": [
        "supportsFrameInterval"
      ],
      "additionalProperties": false,
      "properties": {
        "supportsFrameInterval": {
          "type": "boolean"
        },
        "frameInterval": {
          "$ref": "#/$defs/frameDuration"
        }
      }
    },
    "capture": {
      "type": "object",
      "required": [
        "path",
        "identity",
        "throughLibV4L2",
        "inputs",
        "formats",
        "problems"
      ],
      "additionalProperties": false,
      "properties": {
        "path": {
          "type": "string"
        },
        "identity": {
          "$ref": "#/$defs/nodeIdentity"
        },
        "throughLibV4L2": {
          "type": "boolean"
        },
        "inputs": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/videoInput"
          }
        },
        "currentInput": {
          "$ref": "#/$defs/uint32"
        },
        "formats": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/pixelFormat"
          }
        },
        "controls": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/control"
          }
        },
        "activeFormat": {
          "$ref": "#/$defs/activeFormat"
        },
        "streamingParameters": {
          "$ref": "#/$defs/streamingParameters"
        },
        "problems": {
          "$ref": "#/$defs/problems"
        },
        "semantics": {
          "$ref": "#/$defs/semantics"
        }
      }
    },
    "audioPCM": {
      "type": "object",
      "required": [
        "device",
        "alsaName",
        "name",
        "subdevices",
        "formats",
        "rates",
        "problems"
      ],
      "additionalProperties": false,
      "properties": {
        "device": {
          "$ref": "#/$defs/int32"
        },
        "alsaName": {
          "type": "string"
        },
        "name": {
          "type": "string"
        },
        "subdevices": {
          "$ref": "#/$defs/uint32"
        },
        "formats": {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "minChannels": {
          "$ref": "#/$defs/uint32"
        },
        "maxChannels": {
          "$ref": "#/$defs/uint32"
        },
        "minRate": {
          "$ref": "#/$defs/uint32"
        },
        "maxRate": {
          "$ref": "#/$defs/uint32"
        },
        "rates": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/uint32"
          }
        },
        "problems": {
          "$ref": "#/$defs/problems"
        }
      }
    },
    "audioCard": {
      "type": "object",
      "required": [
        "card",
        "cardID",
        "name",
        "longName",
        "driver",
        "controlPath",
        "pcms",
        "problems"
      ],
      "additionalProperties": false,
      "properties": {
        "card": {
          "$ref": "#/$defs/int32"
        },
        "cardID": {
          "type": "string"
        },
        "name": {
          "type": "string"
        },
        "longName": {
          "type": "string"
        },
        "driver": {
          "type": "string"
        },
        "controlPath": {
          "type": "string"
        },
        "pcms": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/audioPCM"
          }
        },
        "problems": {
          "$ref": "#/$defs/problems"
        }
      }
    },
    "device": {
      "type": "object",
      "required": [
        "id",
        "name",
        "transport",
        "identity",
        "nodes",
        "captures",
        "problems"
      ],
      "additionalProperties": false,
      "properties": {
        "id": {
          "type": "string"
        },
        "name": {
          "type": "string"
        },
        "modelID": {
          "type": "string"
        },
        "transport": {
          "$ref": "#/$defs/transport"
        },
        "identity": {
          "$ref": "#/$defs/deviceIdentity"
        },
        "nodes": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/deviceNode"
          }
        },
        "captures": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/capture"
          }
        },
        "audio": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/audioCard"
          }
        },
        "problems": {
          "$ref": "#/$defs/problems"
        }
      }
    },
    "modeSupport": {
      "type": "object",
      "required": [
        "mode",
        "supported",
        "note"
      ],
      "additionalProperties": false,
      "properties": {
        "mode": {
          "type": "string"
        },
        "supported": {
          "type": "boolean"
        },
        "note": {
          "type": "string"
        }
      }
    },
    "controlRange": {
      "type": "object",
      "required": [
        "control",
        "id",
        "minimum",
        "maximum",
        "step",
        "defaultValue",
        "unit",
        "readOnly",
        "inactive"
      ],
      "additionalProperties": false,
      "properties": {
        "control": {
          "type": "string"
        },
        "id": {
          "$ref": "#/$defs/uint32"
        },
        "minimum": {
          "type": "integer"
        },
        "maximum": {
          "type": "integer"
        },
        "step": {
          "type": "integer",
          "minimum": 0
        },
        "defaultValue": {
          "type": "integer"
        },
        "value": {
          "type": "integer"
        },
        "unit": {
          "type": "string"
        },
        "readOnly": {
          "type": "boolean"
        },
        "inactive": {
          "type": "boolean"
        }
      }
    },
    "featureSemantics": {
      "type": "object",
      "required": [
        "supported",
        "note"
      ],
      "additionalProperties": false,
      "properties": {
        "supported": {
          "type": "boolean"
        },
        "range": {
          "$ref": "#/$defs/controlRange"
        },
        "factorRange": {
          "type": "string"
        },
        "note": {
          "type": "string"
        }
      }
    },
    "lightSemantics": {
      "type": "object",
      "required": [
        "available",
        "modes",
        "note"
      ],
      "additionalProperties": false,
      "properties": {
        "available": {
          "type": "boolean"
        },
        "modes": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/modeSupport"
          }
        },
        "note": {
          "type": "string"
        }
      }
    },
    "semantics": {
      "type": "object",
      "required": [
        "focus",
        "exposure",
        "whiteBalance",
        "torch",
        "flash",
        "zoom",
        "pan",
        "tilt",
        "mirroring",
        "verticalFlip",
        "powerLineFrequency",
        "stabilization",
        "wideDynamicRange",
        "backlightCompensation",
        "position"
      ],
      "additionalProperties": false,
      "properties": {
        "focus": {
          "type": "object",
          "required": [
            "modes",
            "rangeRestrictions"
          ],
          "additionalProperties": false,
          "properties": {
            "modes": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/modeSupport"
              }
            },
            "current": {
              "enum": [
                "locked",
                "autoFocus",
                "continuousAutoFocus"
              ]
            },
            "lensPosition": {
              "$ref": "#/$defs/controlRange"
            },
            "isAdjustingFocus": {
              "type": "boolean"
            },
            "rangeRestrictions": {
              "type": "array",
              "items": {
                "type": "string"
              }
            }
          }
        },
        "exposure": {
          "type": "object",
          "required": [
            "modes",
            "mayLowerFrameRateNote"
          ],
          "additionalProperties": false,
          "properties": {
            "modes": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/modeSupport"
              }
            },
            "current": {
              "enum": [
                "locked",
                "continuousAutoExposure",
                "custom"
              ]
            },
            "duration": {
              "$ref": "#/$defs/controlRange"
            },
            "minDuration": {
              "$ref": "#/$defs/rational"
            },
            "maxDuration": {
              "$ref": "#/$defs/rational"
            },
            "gain": {
              "$ref": "#/$defs/controlRange"
            },
            "iso": {
              "$ref": "#/$defs/controlRange"
            },
            "mayLowerFrameRate": {
              "type": "boolean"
            },
            "mayLowerFrameRateNote": {
              "type": "string"
            }
          }
        },
        "whiteBalance": {
          "type": "object",
          "required": [
            "modes"
          ],
          "additionalProperties": false,
          "properties": {
            "modes": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/modeSupport"
              }
            },
            "current": {
              "enum": [
                "locked",
                "autoWhiteBalance",
                "continuousAutoWhiteBalance"
              ]
            },
            "temperature": {
              "$ref": "#/$defs/controlRange"
            }
          }
        },
        "torch": {
          "$ref": "#/$defs/lightSemantics"
        },
        "flash": {
          "$ref": "#/$defs/lightSemantics"
        },
        "zoom": {
          "$ref": "#/$defs/featureSemantics"
        },
        "pan": {
          "$ref": "#/$defs/featureSemantics"
        },
        "tilt": {
          "$ref": "#/$defs/featureSemantics"
        },
        "mirroring": {
          "$ref": "#/$defs/featureSemantics"
        },
        "verticalFlip": {
          "$ref": "#/$defs/featureSemantics"
        },
        "powerLineFrequency": {
          "$ref": "#/$defs/featureSemantics"
        },
        "stabilization": {
          "$ref": "#/$defs/featureSemantics"
        },
        "wideDynamicRange": {
          "$ref": "#/$defs/featureSemantics"
        },
        "backlightCompensation": {
          "$ref": "#/$defs/featureSemantics"
        },
        "position": {
          "enum": [
            "front",
            "back",
            "external",
            "unspecified"
          ]
        },
        "sensorRotation": {
          "type": "integer"
        }
      }
    }
  }
}

"""#
}
